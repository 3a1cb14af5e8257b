import { AdminPage } from '../../features/admin/components/admin-page';
import { ReportsPanel } from '../../features/admin/components/reports-panel';

export function Component() {
  return (
    <AdminPage title="Reports">
      <ReportsPanel />
    </AdminPage>
  );
}
