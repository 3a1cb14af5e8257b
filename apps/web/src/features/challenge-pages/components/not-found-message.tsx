import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** What an unknown, draft or hidden page or team shows (the server answers it with status 404). */
export function NotFoundMessage({ what }: { what: 'page' | 'team' }) {
  return (
    <div className="page narrow">
      <h1>{what === 'page' ? 'This challenge page isn’t here' : 'This team isn’t here'}</h1>
      <p>The address may be mistyped, or the {what} is not public.</p>
      <p>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </div>
  );
}
