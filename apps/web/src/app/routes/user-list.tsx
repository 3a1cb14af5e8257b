import { AdminPage } from '../../features/admin/components/admin-page';
import { UserTable } from '../../features/admin/components/user-table';
import { RequireAuth } from '../../lib/require-auth';

export function Component() {
  return (
    <RequireAuth admin>
      <AdminPage title="Users">
        <UserTable />
      </AdminPage>
    </RequireAuth>
  );
}
