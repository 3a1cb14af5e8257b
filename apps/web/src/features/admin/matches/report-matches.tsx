import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { AdminMatch } from '@uplift/core/schemas/match';
import { useState } from 'react';
import { Link } from 'react-router';
import { campaignMatchesPath } from '../../../lib/paths';
import { AdminError } from '../components/admin-error';
import { reasonOf } from '../components/describe-error';
import { downloadSponsorCsv, useCampaignMatches } from './matches-api';
import './matches.css';

/**
 * The campaign report's match block (docs/product-rules.md §23, docs/decisions/162): each match's
 * matched, left, and owed per charity, with its sponsor's CSV; the Matches screen is linked.
 */
export function ReportMatches({ campaignId, country }: { campaignId: number; country: CountryCode }) {
  const matches = useCampaignMatches(campaignId);
  const [problem, setProblem] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(asMinor(minor), country);

  async function csv(id: number) {
    setProblem(null);
    try {
      await downloadSponsorCsv(id);
    } catch (err) {
      setProblem(reasonOf(err));
    }
  }

  return (
    <section aria-labelledby="report-matches-title">
      <h2 id="report-matches-title">Matches</h2>
      <p>
        <Link to={campaignMatchesPath(campaignId)}>Add, edit, pause or end matches</Link>
      </p>
      {matches.isPending && <p role="status">Loading the matches…</p>}
      {matches.isError && <AdminError title="Could not load the matches" reason={reasonOf(matches.error)} />}
      {matches.isSuccess && matches.data.length === 0 && <p className="admin-muted">No sponsor matches this campaign.</p>}
      {matches.isSuccess && matches.data.length > 0 && (
        <div className="admin-table-scroll" role="region" aria-label="Matches and what sponsors owe" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Sponsor</th>
                <th scope="col" className="admin-number">Cap</th>
                <th scope="col" className="admin-number">Matched</th>
                <th scope="col" className="admin-number">Left</th>
                <th scope="col">Owed per charity</th>
                <th scope="col" className="admin-actions-cell">
                  <span className="visually-hidden">Sponsor CSV</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {matches.data.map((m) => (
                <tr key={m.id}>
                  <th scope="row">
                    {m.sponsor_name} ({m.ratio}:1{m.status === 'active' ? '' : `, ${m.status}`})
                  </th>
                  <td className="admin-number">{money(m.cap_minor)}</td>
                  <td className="admin-number">{money(m.matched_minor)}</td>
                  <td className="admin-number">{money(m.left_minor)}</td>
                  <td className="match-owed-cell">
                    <OwedList match={m} country={country} />
                  </td>
                  <td className="admin-actions-cell">
                    <button type="button" className="button admin-small secondary" onClick={() => void csv(m.id)} aria-label={`Download ${m.sponsor_name}’s sponsor CSV`}>
                      Download sponsor CSV
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {problem && <AdminError title="Could not download the sponsor CSV" reason={problem} />}
    </section>
  );
}

/** What the sponsor owes each charity so far, one line each. */
export function OwedList({ match, country }: { match: AdminMatch; country: CountryCode }) {
  if (match.owed.length === 0) return <span className="admin-muted">Nothing yet</span>;
  return (
    <ul className="match-owed">
      {match.owed.map((o) => (
        <li key={o.recipient_id}>
          {o.recipient_name}: {formatMoney(asMinor(o.owed_minor), country)}
        </li>
      ))}
    </ul>
  );
}
