import { BrowserRouter, useRoutes } from 'react-router-dom';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

function AppRoutes() {
  return useRoutes(routes);
}

/** The declarative router: no route loads data through React Router, so its data router stays out of the bundle. */
export function App() {
  return (
    <Providers>
      {/* No transitions: `useGoHomeNow` needs a navigation rendered at once (lazy routes show their spinner). */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
