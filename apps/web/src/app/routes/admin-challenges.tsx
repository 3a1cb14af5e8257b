import { AdminPage } from '../../features/admin/components/admin-page';
import { CampaignOfferPanel } from '../../features/admin/components/campaign-offer-panel';
import { ChallengeManager } from '../../features/admin/components/challenge-manager';
import { RequireAuth } from '../../lib/require-auth';

export function Component() {
  return (
    <RequireAuth admin>
      <AdminPage title="Challenges">
        <ChallengeManager />
        <CampaignOfferPanel />
      </AdminPage>
    </RequireAuth>
  );
}
