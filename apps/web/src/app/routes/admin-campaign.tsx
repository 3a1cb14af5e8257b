import { Link } from 'react-router';
import { CampaignTable } from '../../features/admin/components/campaign-table';
import { RequireAuth } from '../../lib/require-auth';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Campaigns');
  return (
    <RequireAuth admin>
      <section className="page admin-page">
        <p>
          <Link to="/admin">Admin</Link>
        </p>
        <h1>Campaigns</h1>
        <CampaignTable />
      </section>
    </RequireAuth>
  );
}
