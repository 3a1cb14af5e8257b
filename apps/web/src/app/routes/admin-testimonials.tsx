import { AdminPage } from '../../features/admin/components/admin-page';
import { TestimonialsPanel } from '../../features/admin/components/testimonials-panel';

export function Component() {
  return (
    <AdminPage title="Testimonials">
      <TestimonialsPanel />
    </AdminPage>
  );
}
