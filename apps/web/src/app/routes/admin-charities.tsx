import { AdminPage } from '../../features/admin/components/admin-page';
import { CharityManager } from '../../features/admin/components/charity-manager';
import { RequireAuth } from '../../lib/require-auth';

export function Component() {
  return (
    <RequireAuth admin>
      <AdminPage title="Charities">
        <CharityManager />
      </AdminPage>
    </RequireAuth>
  );
}
