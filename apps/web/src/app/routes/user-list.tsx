import { AdminPage } from '../../features/admin/components/admin-page';
import { UserTable } from '../../features/admin/components/user-table';

export function Component() {
  return (
    <AdminPage title="Users">
      <UserTable />
    </AdminPage>
  );
}
