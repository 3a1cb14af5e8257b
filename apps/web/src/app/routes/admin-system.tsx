import { AdminPage } from '../../features/admin/components/admin-page';
import { SystemPanel } from '../../features/admin/components/system-panel';
import { RequireAuth } from '../../lib/require-auth';

export function Component() {
  return (
    <RequireAuth admin>
      <AdminPage title="System">
        <SystemPanel />
      </AdminPage>
    </RequireAuth>
  );
}
