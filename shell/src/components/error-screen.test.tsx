import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeRouteError } from './error-screen.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

afterEach(cleanup);
// React reports the errors these tests throw on purpose.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function Boom(): never {
  throw new Error('Kaboom in render');
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <p>frame</p>
      <Link to="/fine">Go on</Link>
      <Routes>
        <Route element={<RouteErrorBoundary />}>
          <Route path="/boom" element={<Boom />} />
          <Route path="/fine" element={<p>fine page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the title, the message and the stack of a route that fails to render', () => {
    renderAt('/boom');
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Kaboom in render' })).toBeTruthy();
    expect(document.querySelector('pre')?.textContent).toContain('Kaboom in render');
    expect(screen.getByText('frame')).toBeTruthy();
  });

  it('forgets the failure on the next navigation', () => {
    renderAt('/boom');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Go on' }));
    });
    expect(screen.getByText('fine page')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeNull();
  });
});

describe('describeRouteError', () => {
  it('describes strings and unknown values', () => {
    expect(describeRouteError('plain')).toEqual({ message: 'plain' });
    expect(describeRouteError(42)).toEqual({ message: 'Unknown error' });
  });
});
