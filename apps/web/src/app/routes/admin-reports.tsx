import { AdminPage } from '../../features/admin/components/admin-page';
import { ReportsPanel } from '../../features/admin/components/reports-panel';
import { RequireAuth } from '../../lib/require-auth';

export function Component() {
  return (
    <RequireAuth admin>
      <AdminPage title="Reports">
        <ReportsPanel />
      </AdminPage>
    </RequireAuth>
  );
}
