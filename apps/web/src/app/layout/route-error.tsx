import { Link, useRouteError } from 'react-router';

/** Shown when a screen fails to load (e.g. a new deploy replaced its chunk). */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <section className="page narrow" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
