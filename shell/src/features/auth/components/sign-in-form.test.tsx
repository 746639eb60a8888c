import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/fake-api.ts';
import { SignInForm } from './sign-in-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = () => json({ status: true });

function renderForm() {
  const fetch = stubApi({
    routes: {
      '/api/auth/request-password-reset': ok,
      '/api/auth/send-verification-email': ok,
      '/api/auth/sign-in/email': () => json({ code: 'INVALID_EMAIL_OR_PASSWORD' }, 401),
    },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignInForm />
    </QueryClientProvider>,
  );
  return fetch;
}

const calledPaths = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

describe('SignInForm dialogs', () => {
  it.each([
    ['Forgot password?', 'Send Reset Link', '/api/auth/request-password-reset'],
    ['Resend it', 'Resend Email', '/api/auth/send-verification-email'],
  ])(
    'submitting the "%s" dialog sends only its own request, not the sign-in form behind it',
    async (trigger, submit, path) => {
      const fetch = renderForm();
      // A filled-in sign-in form behind the dialog: submitting it would reach the server.
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong#Pass1' } });
      fireEvent.click(screen.getByRole('button', { name: trigger }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Email'), {
        target: { value: 'someone@example.com' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: submit }));

      await waitFor(() => expect(calledPaths(fetch)).toContain(path));
      expect(calledPaths(fetch)).not.toContain('/api/auth/sign-in/email');
      expect(screen.queryByText('Sign in failed')).toBeNull();
    },
  );

  it.each(['Forgot password?', 'Resend it'])(
    'the "%s" dialog starts with the e-mail typed into the sign-in form',
    async (trigger) => {
      renderForm();
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: trigger }));
      const dialog = await screen.findByRole('dialog');
      expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('someone@example.com');
    },
  );
});
