import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorScreen } from './error-screen.tsx';

type BoundaryProps = { children: ReactNode; navigation: string };
type BoundaryState = { error: unknown; failed: boolean; navigation: string };

class ErrorScreenBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, navigation: this.props.navigation };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  // The next navigation forgets the failure, without remounting what is around it.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.navigation === state.navigation
      ? null
      : { error: undefined, failed: false, navigation: props.navigation };
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/**
 * A layout route that shows the error screen (docs/product.md §2) in place of its child routes when
 * one of them fails to render, until the next navigation. The app's router is the declarative one
 * (`BrowserRouter`), which has no `errorElement`; it leaves React Router's data router (about 14 KB
 * brotli) out of every first visit.
 */
export function RouteErrorBoundary() {
  const { key } = useLocation();
  return (
    <ErrorScreenBoundary navigation={key}>
      <Outlet />
    </ErrorScreenBoundary>
  );
}
