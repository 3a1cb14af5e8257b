import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * product-rules §2 "/admin": links Users, Campaign, Challenges and Charities (decision 053), System (decision 133) and Reports (docs/decisions/141-moderation.md). The donor
 * export stays on the admin page below the menu (see docs/decisions/050).
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
          <Link className="admin-menu-link" to={paths.adminChallenges}>
            Challenges
          </Link>
          <span className="admin-muted">Add, edit and disable challenges, and choose what each campaign offers.</span>
        </li>
        <li>
          <Link className="admin-menu-link" to={paths.adminCharities}>
            Charities
          </Link>
          <span className="admin-muted">Add, edit and disable partner charities and their logos. Donor exports are below.</span>
        </li>
        <li>
          <Link className="admin-menu-link" to={paths.adminSystem}>
            System
          </Link>
          <span className="admin-muted">Billing runs, the job queue, mail, backups, the database and the version, each fine, look or act.</span>
        </li>
        <li>
          <Link className="admin-menu-link" to={paths.adminReports}>
            Reports
          </Link>
          <span className="admin-muted">What people reported on challenge pages and teams: hide it or dismiss the report.</span>
        </li>
      </ul>
    </nav>
  );
}
