import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './sign-up-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignUpForm />
    </QueryClientProvider>,
  );
  const password = screen.getByLabelText('Password');
  const confirm = screen.getByLabelText('Confirm password');
  return { fetch, password, confirm };
}

const passwordMessage = () => document.getElementById('sign-up-password-error')?.textContent;

describe('SignUpForm (docs/product.md §5)', () => {
  it('shows the password messages in the spec order as the password improves, then the match rule', () => {
    const { fetch, password, confirm } = renderForm();
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(passwordMessage()).toBe('Password must be at least 8 characters long');
    const steps: [string, string | undefined][] = [
      ['alllowercase', 'Password must contain at least one uppercase letter'],
      ['ALLUPPERCASE', 'Password must contain at least one lowercase letter'],
      ['NoDigitsHere', 'Password must contain at least one number'],
      ['NoSymbols123', 'Password must contain at least one special character'],
      ['Str0ng#Pass', undefined],
    ];
    for (const [value, message] of steps) {
      fireEvent.change(password, { target: { value } });
      expect(passwordMessage()).toBe(message);
    }

    fireEvent.change(confirm, { target: { value: 'Str0ng#Pasz' } });
    expect(document.getElementById('sign-up-confirm-password-error')?.textContent).toBe(
      "Passwords don't match",
    );
    // Nothing reached the server while the form was invalid.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for the required fields, and for a company name only once the account is a business', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Country is required')).toBeTruthy();
    expect(screen.queryByLabelText('Company name')).toBeNull();
  });
});
