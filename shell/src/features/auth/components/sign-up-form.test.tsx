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

/** The country picker's native select, which takes a browser's autofill (Radix keeps it in step). */
function selectCountry(country: string) {
  const select = document.querySelector<HTMLSelectElement>('select[name="country"]');
  if (!select) throw new Error('no country select');
  fireEvent.change(select, { target: { value: country } });
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

  it('after the account is created, shows "Check your inbox" alone: the form goes', async () => {
    const { fetch } = renderForm();
    fetch.mockResolvedValue(
      new Response(JSON.stringify({ token: null, user: { id: 'u1', email: 'ada@example.com' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Str0ng#Pass' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Str0ng#Pass' } });
    selectCountry('Germany');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe(
      'Account created successfully! Please check your email to verify your account.',
    );
    expect(screen.getByRole('button', { name: 'Resend confirmation email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(document.querySelector('form')).toBeNull();
  });
});
