import { AdminPage } from '../../features/admin/components/admin-page';
import { CampaignTable } from '../../features/admin/components/campaign-table';

export function Component() {
  return (
    <AdminPage title="Campaigns">
      <CampaignTable />
    </AdminPage>
  );
}
