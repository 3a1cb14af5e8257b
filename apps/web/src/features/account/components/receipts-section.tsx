import { formatLongDate } from '@uplift/core/calendar';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { Account } from '@uplift/core/schemas/account';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { downloadFile } from '../../../lib/download-file';

/** Receipts (one PDF per pledge, every payment with its receipt number) and "Add to calendar". */
export function ReceiptsSection({ account }: { account: Account }) {
  const [error, setError] = useState('');
  const download = (path: string) => {
    setError('');
    downloadFile(path).catch((err: unknown) => setError(err instanceof Error ? err.message : 'The download failed'));
  };
  const pledges = account.pledges.filter((p) => p.pledge_status !== 'Pending' || p.receipts.length > 0);
  return (
    <section id="receipts" className="card account-section" aria-labelledby="receipts-title">
      <h2 id="receipts-title">Receipts and calendar</h2>
      {pledges.length === 0 && <p>You have no confirmed pledge yet.</p>}
      {pledges.map((p) => (
        <article key={p.id} className="account-pledge">
          <h3>
            {p.campaign_name}: {p.recipient_name}
          </h3>
          {p.receipts.length === 0 ? (
            <p className="account-muted">No payment has been received yet.</p>
          ) : (
            <table className="account-table">
              <thead>
                <tr>
                  <th scope="col">Receipt number</th>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {p.receipts.map((r) => (
                  <tr key={r.receipt_number}>
                    <td>{r.receipt_number}</td>
                    <td>{formatLongDate(r.processing_date)}</td>
                    <td>{formatMoney(asMinor(r.amount_minor), p.country, { code: true })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="account-actions">
            {p.receipts.length > 0 && (
              <button type="button" className="button" onClick={() => download(`/api/account/pledges/${p.id}/receipt.pdf`)}>
                Download receipt (PDF)
              </button>
            )}
            {p.pledge_status === 'Confirmed' && (
              <button type="button" className="button secondary" onClick={() => download(`/api/account/pledges/${p.id}/calendar.ics`)}>
                Add to calendar
              </button>
            )}
          </div>
        </article>
      ))}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
