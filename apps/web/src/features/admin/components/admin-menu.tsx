import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * SPEC §2 "/admin": links Users and Campaign, and the non-link entries Challenges and
 * Charities. Charities is where the donor export lives (see docs/decisions/050).
 */
export function AdminMenu() {
  return (
    <nav aria-label="Admin">
      <ul className="admin-menu">
        <li>
          <Link className="admin-menu-link" to={paths.userList}>
            Users
          </Link>
          <span className="admin-muted">Everyone registered, searchable and sortable.</span>
        </li>
        <li>
          <Link className="admin-menu-link" to={paths.adminCampaign}>
            Campaign
          </Link>
          <span className="admin-muted">Add, edit, delete and deactivate campaigns.</span>
        </li>
        <li>
          <span className="admin-menu-entry">Challenges</span>
          <span className="admin-muted">Every enabled challenge is offered in every campaign.</span>
        </li>
        <li>
          <Link className="admin-menu-link" to={paths.adminCharities}>
            Charities
          </Link>
          <span className="admin-muted">Add, edit and disable partner charities and their logos. Donor exports are below.</span>
        </li>
      </ul>
    </nav>
  );
}
