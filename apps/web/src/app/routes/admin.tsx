import { AdminAuditPanel } from '../../features/admin/components/admin-audit-panel';
import { AdminMenu } from '../../features/admin/components/admin-menu';
import { CharityExportPanel } from '../../features/admin/components/charity-export-panel';
import { NewsPanel } from '../../features/admin/components/news-panel';
import { RequireAuth } from '../../lib/require-auth';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Admin');
  return (
    <RequireAuth admin>
      <section className="page admin-page">
        <h1>Admin</h1>
        <AdminMenu />
        <section className="admin-section" aria-labelledby="admin-charities">
          <h2 id="admin-charities">Charities</h2>
          <CharityExportPanel />
        </section>
        <section className="admin-section" aria-labelledby="admin-news">
          <h2 id="admin-news">News for donors</h2>
          <NewsPanel />
        </section>
        <section className="admin-section" aria-labelledby="admin-activity">
          <h2 id="admin-activity">Admin activity</h2>
          <AdminAuditPanel />
        </section>
      </section>
    </RequireAuth>
  );
}
