import { Component, type ReactNode } from 'react';
import { paths } from '../../lib/paths';

/** Shown when a screen fails to load (e.g. a new deploy replaced its chunk). */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <section className="page narrow" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        {/* A full load: the router state may be what failed. */}
        <a href={paths.home}>Go to the home page</a>
      </p>
    </section>
  );
}

/** Catches a page's render or chunk-load error and shows RouteError in its place. */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    // Moving to another page clears the error.
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
