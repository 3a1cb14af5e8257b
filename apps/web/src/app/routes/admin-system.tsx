import { AdminPage } from '../../features/admin/components/admin-page';
import { SystemPanel } from '../../features/admin/components/system-panel';

export function Component() {
  return (
    <AdminPage title="System">
      <SystemPanel />
    </AdminPage>
  );
}
