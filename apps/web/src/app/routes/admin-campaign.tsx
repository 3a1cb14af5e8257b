import { AdminPage } from '../../features/admin/components/admin-page';
import { CampaignTable } from '../../features/admin/components/campaign-table';
import { RequireAuth } from '../../lib/require-auth';

export function Component() {
  return (
    <RequireAuth admin>
      <AdminPage title="Campaigns">
        <CampaignTable />
      </AdminPage>
    </RequireAuth>
  );
}
