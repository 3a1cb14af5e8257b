import { Link } from 'react-router';
import { UserTable } from '../../features/admin/components/user-table';
import { RequireAuth } from '../../lib/require-auth';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Users');
  return (
    <RequireAuth admin>
      <section className="page admin-page">
        <p>
          <Link to="/admin">Admin</Link>
        </p>
        <h1>Users</h1>
        <UserTable />
      </section>
    </RequireAuth>
  );
}
