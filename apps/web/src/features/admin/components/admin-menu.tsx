import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ADMIN_SCREENS } from './admin-screens';

/**
 * product-rules §2 "/admin": the admin's screens with a line on each (decisions 053, 133,
 * docs/decisions/141-moderation.md), from the same list as the side navigation. The donor export,
 * the news and the admin activity are on the overview below it (docs/decisions/050).
 */
export function AdminMenu() {
  return (
    <ul className="admin-menu" aria-label="Admin screens">
      {ADMIN_SCREENS.filter((screen) => screen.path !== paths.admin).map((screen) => (
        <li key={screen.path}>
          <Link className="admin-menu-link" to={screen.path}>
            {screen.label}
          </Link>
          <span className="admin-muted">{screen.about}</span>
        </li>
      ))}
    </ul>
  );
}
