import { todayInCountry } from '@uplift/core/calendar';
import { COUNTRIES } from '@uplift/core/countries';
import { asMinor, decimalText } from '@uplift/core/money';
import type { Db } from '../../db/client.ts';
import { csvDocument, csvText } from '../documents/index.ts';
import { getMatch, matchedEntries } from '../payments/index.ts';

/**
 * The sponsor's statement of one match as CSV (docs/product-rules.md §23): a row per matched gift
 * or payment, oldest first, its receipt number, the day it was received in the campaign country's
 * time zone, the page, the charity, the amount and what the match added (net of what refunds
 * released). No giver's name or email; every text cell goes through the CSV helper.
 */
export async function matchedCsv(db: Db, matchId: number): Promise<{ csv: string; filename: string }> {
  const match = await getMatch(db, matchId);
  const rows = await matchedEntries(db, matchId);
  const country = rows[0]?.country;
  const currency = country ? ` (${COUNTRIES[country].currency})` : '';
  const header = ['Receipt number', 'Date', 'Page', 'Charity', `Gift${currency}`, `Matched${currency}`];
  const cells = rows.map((r) => [
    csvText(r.receipt_number ?? ''),
    todayInCountry(r.country, r.received_at),
    csvText(r.page_slug ?? ''),
    csvText(r.recipient_name),
    decimalText(asMinor(r.base_amount)),
    decimalText(asMinor(r.matched)),
  ]);
  return { csv: csvDocument(header, cells), filename: `uplift-match-${match.id}-campaign-${match.campaign_id}.csv` };
}
