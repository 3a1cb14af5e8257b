import { AdminAuditPanel } from '../../features/admin/components/admin-audit-panel';
import { AdminMenu } from '../../features/admin/components/admin-menu';
import { AdminPage } from '../../features/admin/components/admin-page';
import { CharityExportPanel } from '../../features/admin/components/charity-export-panel';
import { NewsPanel } from '../../features/admin/components/news-panel';

export function Component() {
  return (
    <AdminPage title="Admin">
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
    </AdminPage>
  );
}
