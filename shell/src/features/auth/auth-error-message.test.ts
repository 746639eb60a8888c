import { ApiError } from '@prospector/web-data';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-error-message.ts';

describe('authErrorMessage (docs/product.md §8)', () => {
  it('shows wrong credentials as "Email or password incorrect"', () => {
    expect(
      authErrorMessage(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid login credentials')),
    ).toBe('Email or password incorrect');
  });

  it('turns "already registered" into the sign-in hint', () => {
    expect(authErrorMessage(new ApiError(422, 'USER_EXISTS', 'User already registered'))).toBe(
      'This email is already registered. Please sign in instead.',
    );
  });

  it('shows other messages as received, and a generic text for anything that is not an API answer', () => {
    expect(authErrorMessage(new ApiError(400, 'VALIDATION_FAILED', 'Country is required'))).toBe(
      'Country is required',
    );
    expect(authErrorMessage(new TypeError('fetch failed'))).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});
