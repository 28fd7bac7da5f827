import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the part that failed. */
  fallback: ReactNode;
  /** Told once, e.g. to say so in a toast. */
  onFailure?: () => void;
  children: ReactNode;
}

/**
 * Keeps the app up when a lazily loaded part cannot load (offline, or a new version replaced the
 * files this tab still asks for) or fails to render: only that part shows `fallback`. React
 * Router's data router did this for every page; the declarative routes used here do not.
 */
export class LoadFailureBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onFailure?.();
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A page whose code could not be loaded: reloading fetches the current version. */
export function PageLoadFailed() {
  return (
    <main className="empty-state">
      <h1 className="empty-state__text">This page could not be loaded.</h1>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
