import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, json, stubApi } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('RequireSession profile loading (docs/product.md §8 "Profile")', () => {
  it('a profile that cannot be created shows "Failed to initialize user profile." and can be retried', async () => {
    let fail = true;
    const profile = fakeProfile();
    stubApi({
      profile,
      routes: {
        '/api/account/profile': () =>
          fail ? json({ error: { code: 'INTERNAL', message: 'insert failed' } }, 500) : json(profile),
      },
    });
    await renderApp('/dashboard');

    // Once as a toast, once on the error screen.
    await vi.waitFor(() => expect(screen.getAllByText('Failed to initialize user profile.')).toHaveLength(2));
    expect(screen.getByText('Profile unavailable')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome to your dashboard' })).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to your dashboard' })).toBeTruthy();
  });
});
