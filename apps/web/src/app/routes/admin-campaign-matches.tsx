import { useParams } from 'react-router';
import { AdminPage } from '../../features/admin/components/admin-page';
import { CampaignMatches } from '../../features/admin/matches/campaign-matches';
import { RequireAuth } from '../../lib/require-auth';

/** A campaign's match funds (docs/decisions/162), reached from its report. */
export function Component() {
  const { id } = useParams();
  const campaignId = Number(id);
  return (
    <RequireAuth admin>
      <AdminPage title="Matches">
        {Number.isInteger(campaignId) && campaignId > 0 ? <CampaignMatches campaignId={campaignId} /> : <p role="alert">There is no campaign {id}.</p>}
      </AdminPage>
    </RequireAuth>
  );
}
