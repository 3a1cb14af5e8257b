import { COUNTRIES } from '@uplift/core/countries';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { useDownloadCharityExport } from '../api/download-charity-export';
import { useAdminCampaigns } from '../api/get-campaigns';
import { useExports } from '../api/get-exports';
import { useAdminRecipients } from '../api/get-recipients';
import { AdminError } from './admin-error';
import { reasonOf } from './describe-error';
import { TableBox } from './table-box';
import '../admin.css';

const dateTime = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The partner-charity export: for one charity and one campaign, a CSV of the donors who agreed
 * to share their details with that charity (nobody else), and the record of past exports.
 */
export function CharityExportPanel() {
  const id = useId();
  const recipients = useAdminRecipients();
  const campaigns = useAdminCampaigns();
  const exports = useExports();
  const download = useDownloadCharityExport();
  const [recipientId, setRecipientId] = useState('');
  const [campaignId, setCampaignId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const charity = recipients.data?.find((r) => String(r.id) === recipientId);
  // A charity belongs to one country; only that country's campaigns can have its donors.
  const campaignChoices = (campaigns.data ?? []).filter((c) => !charity || c.country === charity.country);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    if (!recipientId) return setProblem('Please choose a charity');
    if (!campaignId) return setProblem('Please choose a campaign');
    setProblem(null);
    try {
      const file = await download.mutateAsync({ recipientId: Number(recipientId), campaignId: Number(campaignId) });
      setDone(`Downloaded ${file.filename}: ${file.rows} ${file.rows === 1 ? 'donor' : 'donors'}.`);
    } catch (err) {
      setProblem(reasonOf(err));
    }
  }

  return (
    <div className="charity-export">
      <p>
        Download the donors of one campaign for a partner charity, for their receipts. Only donors who agreed to share their
        details with that charity are included. Every download is recorded below.
      </p>
      <form className="admin-export-form" onSubmit={onSubmit} noValidate aria-label="Donor export">
        <div className="field">
          <label htmlFor={`${id}-charity`}>Charity</label>
          <select
            id={`${id}-charity`}
            value={recipientId}
            onChange={(e) => {
              setRecipientId(e.target.value);
              setCampaignId('');
            }}
          >
            <option value="">Please choose a charity</option>
            {(['NZ', 'UK'] as const).map((country) => (
              <optgroup key={country} label={COUNTRIES[country].name}>
                {recipients.data
                  ?.filter((r) => r.country === country)
                  .map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.recipient_name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-campaign`}>Campaign</label>
          <select id={`${id}-campaign`} value={campaignId} onChange={(e) => setCampaignId(e.target.value)}>
            <option value="">Please choose a campaign</option>
            {campaignChoices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.campaign_name} ({c.country}, {c.id})
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={download.isPending}>
            {download.isPending ? 'Preparing…' : 'Download CSV'}
          </button>
        </div>
      </form>

      {(recipients.isError || campaigns.isError) && <AdminError title={reasonOf(recipients.error ?? campaigns.error)} />}
      {problem && <AdminError title="Could not export donors" reason={problem} />}
      {done && <Alert tone="success">{done}</Alert>}

      <h3>Past exports</h3>
      {exports.isError && <AdminError title={reasonOf(exports.error)} />}
      {exports.isPending && <p role="status">Loading past exports…</p>}
      {exports.isSuccess && exports.data.length === 0 && <p className="admin-muted">No exports yet.</p>}
      {exports.isSuccess && exports.data.length > 0 && (
        <TableBox label="Past exports">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">By</th>
                <th scope="col">Charity</th>
                <th scope="col">Campaign</th>
                <th scope="col">Donors</th>
              </tr>
            </thead>
            <tbody>
              {exports.data.map((x) => (
                <tr key={x.id}>
                  <td>
                    <time dateTime={x.created_at}>{dateTime.format(new Date(x.created_at))}</time>
                  </td>
                  <td>{x.admin_email ?? `Admin ${x.admin_user_id}`}</td>
                  <td>{x.recipient_name ?? `Charity ${x.recipient_id}`}</td>
                  <td>{x.campaign_name ?? `Campaign ${x.campaign_id} (deleted)`}</td>
                  <td>{x.row_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}
