import { APP_PATHS } from '@prospector/contracts';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';

/**
 * Leaves for the home page at once: the home page is rendered before the returned promise settles,
 * so the caller can then forget the signed-in user without the guard of the page still shown
 * sending them to /auth. The app's router renders navigations outside a transition (app.tsx), so
 * `flushSync` renders it; a data router (the tests' memory router) takes the `flushSync` option.
 */
export function useGoHomeNow() {
  const navigate = useNavigate();
  return async () => {
    await flushSync(() => navigate(APP_PATHS.landing, { replace: true, flushSync: true }));
  };
}
