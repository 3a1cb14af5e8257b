import { SummaryPage } from '../../features/summary/components/summary-page';
import { RequireAuth } from '../../lib/require-auth';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Your pledge');
  return (
    <RequireAuth>
      <SummaryPage />
    </RequireAuth>
  );
}
