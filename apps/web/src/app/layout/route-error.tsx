import { Link, useRouteError } from 'react-router';
import { paths } from '../../lib/paths';

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
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </section>
  );
}
