import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeRouteError, ErrorScreen } from './error-screen.tsx';

afterEach(cleanup);
// React Router reports the errors these tests throw on purpose.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function Boom(): never {
  throw new Error('Kaboom in render');
}

describe('ErrorScreen', () => {
  it('shows the title, the message and the stack of a thrown error', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorScreen /> }]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Kaboom in render' })).toBeTruthy();
    expect(document.querySelector('pre')?.textContent).toContain('Kaboom in render');
  });

  it('shows the status and status text of a thrown response, without a stack', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('', { status: 403, statusText: 'Forbidden' });
        },
        element: <p>never</p>,
        errorElement: <ErrorScreen />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 2, name: '403 Forbidden' })).toBeTruthy();
    expect(document.querySelector('pre')).toBeNull();
  });

  it('describes strings and unknown values', () => {
    expect(describeRouteError('plain')).toEqual({ message: 'plain' });
    expect(describeRouteError(42)).toEqual({ message: 'Unknown error' });
  });
});
