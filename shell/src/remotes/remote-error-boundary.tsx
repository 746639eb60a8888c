import { Component, type ReactNode } from 'react';

type RemoteErrorBoundaryProps = {
  children: ReactNode;
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** Called before the boundary re-renders its children, to drop whatever failed. */
  onReset: () => void;
};

type RemoteErrorBoundaryState = { error: unknown; failed: boolean };

/** Catches a remote that fails to download, to evaluate or to render, so the shell around it survives. */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { error, failed: true };
  }

  private readonly reset = () => {
    this.props.onReset();
    this.setState({ error: undefined, failed: false });
  };

  // Leaving a failed page forgets the failure, so coming back to it tries again by itself.
  override componentWillUnmount() {
    if (this.state.failed) this.props.onReset();
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
