import { useParams } from 'react-router';
import { AdminPage } from '../../features/admin/components/admin-page';
import { CampaignReportView } from '../../features/admin/components/campaign-report-view';

export function Component() {
  const { id } = useParams();
  const campaignId = Number(id);
  return (
    <AdminPage title="Campaign report">
      {Number.isInteger(campaignId) && campaignId > 0 ? (
        <CampaignReportView campaignId={campaignId} />
      ) : (
        <p role="alert">There is no campaign {id}.</p>
      )}
    </AdminPage>
  );
}
