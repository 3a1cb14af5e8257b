import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** Placeholder for a screen whose issue has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="page narrow">
      <h1>{title}</h1>
      <p>This part of Uplift is coming soon.</p>
      <p>
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </section>
  );
}
