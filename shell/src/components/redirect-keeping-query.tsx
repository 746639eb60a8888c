import { Navigate, useLocation } from 'react-router-dom';

/** A permanent alias: `/billing?tab=plans` must still open the plans tab at its real path. */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
