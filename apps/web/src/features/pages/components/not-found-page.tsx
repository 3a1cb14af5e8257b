import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="page narrow not-found">
      <h1>Oops...</h1>
      <p>We couldn’t find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link className="button" to={paths.home}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
