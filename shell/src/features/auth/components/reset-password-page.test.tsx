import { AUTH_PATHS, PASSWORD_MESSAGES, RESET_PASSWORD_MIN_LENGTH } from '@prospector/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/fake-api.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const fetch = stubApi({ routes: { [AUTH_PATHS.resetPassword]: () => json({ status: true }) } });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/reset-password?token=reset-token']}>
        <ResetPasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const submit = (password: string, confirmPassword = password) => {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
};

const resetCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://localhost').pathname === AUTH_PATHS.resetPassword,
  );

describe('ResetPasswordPage (docs/product.md §5 "Reset password page")', () => {
  it(`refuses a password shorter than ${RESET_PASSWORD_MIN_LENGTH} characters without asking the server`, async () => {
    const fetch = renderPage();
    submit('a'.repeat(RESET_PASSWORD_MIN_LENGTH - 1));
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_MESSAGES.resetTooShort);
    expect(resetCalls(fetch)).toHaveLength(0);
  });

  it('says when the passwords do not match', async () => {
    const fetch = renderPage();
    submit('abcdef', 'abcdeg');
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_MESSAGES.mismatch);
    expect(resetCalls(fetch)).toHaveLength(0);
  });

  it(`sends a password of ${RESET_PASSWORD_MIN_LENGTH} characters with the link's token`, async () => {
    const fetch = renderPage();
    submit('a'.repeat(RESET_PASSWORD_MIN_LENGTH));
    await waitFor(() => expect(resetCalls(fetch)).toHaveLength(1));
    expect(JSON.parse(String(resetCalls(fetch)[0]?.[1]?.body))).toEqual({
      newPassword: 'a'.repeat(RESET_PASSWORD_MIN_LENGTH),
      token: 'reset-token',
    });
  });
});
