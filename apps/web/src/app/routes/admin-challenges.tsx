import { AdminPage } from '../../features/admin/components/admin-page';
import { CampaignOfferPanel } from '../../features/admin/components/campaign-offer-panel';
import { ChallengeManager } from '../../features/admin/components/challenge-manager';

export function Component() {
  return (
    <AdminPage title="Challenges">
      <ChallengeManager />
      <CampaignOfferPanel />
    </AdminPage>
  );
}
