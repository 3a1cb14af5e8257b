import { AdminPage } from '../../features/admin/components/admin-page';
import { CharityManager } from '../../features/admin/components/charity-manager';

export function Component() {
  return (
    <AdminPage title="Charities">
      <CharityManager />
    </AdminPage>
  );
}
