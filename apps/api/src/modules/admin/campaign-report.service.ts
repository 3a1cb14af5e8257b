import { COUNTRIES } from '@uplift/core/countries';
import { asMinor, decimalText, fromMinor, sumMinor, toMinor } from '@uplift/core/money';
import type { CampaignReport, Payout, PayoutRequest, ReportFigures } from '@uplift/core/schemas/campaign-report';
import type { Db } from '../../db/client.ts';
import { campaignErrors } from '../campaigns/index.ts';
import { adminErrors } from './admin.errors.ts';
import {
  findCampaign,
  findRecipient,
  insertPayout,
  selectAllChallenges,
  selectCountryCharities,
  selectPaidOut,
  selectPayouts,
  selectReportDays,
  selectReportFigures,
  type FigureRow,
} from './campaign-report.repository.ts';
import { csvDocument, csvText } from '../documents/index.ts';

type Figures = Omit<FigureRow, 'recipient_id' | 'challenge_id'>;
const NONE = asMinor(0);
const ZERO: Figures = { pledges: 0, donors: 0, pledged: NONE, collected: NONE, failed: NONE, cancelled: NONE, fees: NONE };

function figures(m: Figures): ReportFigures {
  return {
    pledges: m.pledges,
    donors: m.donors,
    pledged: fromMinor(m.pledged),
    collected: fromMinor(m.collected),
    failed: fromMinor(m.failed),
    cancelled: fromMinor(m.cancelled),
    fees: fromMinor(m.fees),
    net: fromMinor(asMinor(m.collected - m.fees)),
  };
}

async function findCampaignOrThrow(db: Db, id: number) {
  const campaign = await findCampaign(db, id);
  if (!campaign) throw campaignErrors.doesNotExist({ id });
  return campaign;
}

/**
 * The campaign report (decision 056): per charity and per challenge from one query over pledges
 * and payments, payouts from one query over payouts, the daily series from one more. Every sum
 * is taken in integer minor units and turned into a decimal amount only at the end.
 */
export async function buildCampaignReport(db: Db, campaignId: number): Promise<CampaignReport> {
  const campaign = await findCampaignOrThrow(db, campaignId);
  const [rows, paidOut, days, charityRows, challengeRows] = await Promise.all([
    selectReportFigures(db, campaign.id, campaign.country),
    selectPaidOut(db, campaign.id),
    selectReportDays(db, campaign.id, campaign.country),
    selectCountryCharities(db, campaign.country),
    selectAllChallenges(db),
  ]);
  const byRecipient = new Map(rows.filter((r) => r.recipient_id !== null).map((r) => [r.recipient_id!, r]));
  const byChallenge = new Map(rows.filter((r) => r.challenge_id !== null).map((r) => [r.challenge_id!, r]));

  const charities = charityRows
    .filter((c) => c.is_enabled || byRecipient.has(c.id) || paidOut.has(c.id))
    .map((c) => {
      const m = byRecipient.get(c.id) ?? ZERO;
      const paid = paidOut.get(c.id) ?? NONE;
      return {
        recipient_id: c.id,
        recipient_name: c.name,
        is_enabled: c.is_enabled,
        ...figures(m),
        paid_out: fromMinor(paid),
        owed: fromMinor(asMinor(m.collected - m.fees - paid)),
      };
    });
  const challengeList = challengeRows
    .filter((c) => c.is_enabled || byChallenge.has(c.id))
    .map((c) => ({ challenge_id: c.id, name: c.name, ...figures(byChallenge.get(c.id) ?? ZERO) }));

  const totalMinor = rows.find((r) => r.recipient_id === null && r.challenge_id === null) ?? ZERO;
  const totalPaid = sumMinor([...paidOut.values()]);
  return {
    campaign: {
      id: campaign.id,
      campaign_name: campaign.campaign_name,
      country: campaign.country,
      start_date: campaign.start_date,
      end_date: campaign.end_date,
    },
    charities,
    challenges: challengeList,
    total: { ...figures(totalMinor), paid_out: fromMinor(totalPaid), owed: fromMinor(asMinor(totalMinor.collected - totalMinor.fees - totalPaid)) },
    days: days.map((d) => ({ date: d.date, pledges: d.pledges, collected: fromMinor(d.collected) })),
  };
}

/** A decimal amount for a CSV cell: '-12.50', '0.00' (never a formula: numbers only). */
function amountCell(amount: number): string {
  return decimalText(toMinor(amount));
}

/** The report's tables as one CSV: a Charity row per charity, a Challenge row per challenge, a Total row. */
export function reportCsv(report: CampaignReport): { csv: string; filename: string } {
  const currency = COUNTRIES[report.campaign.country].currency;
  const header = [
    'Kind',
    'Name',
    'Pledges',
    'Donors',
    `Pledged (${currency})`,
    `Collected (${currency})`,
    `Failed (${currency})`,
    `Cancelled (${currency})`,
    `Estimated card fees (${currency})`,
    `Net to pass on (${currency})`,
    `Paid out (${currency})`,
    `Still owed (${currency})`,
  ];
  const figureCells = (f: ReportFigures) => [
    String(f.pledges),
    String(f.donors),
    ...[f.pledged, f.collected, f.failed, f.cancelled, f.fees, f.net].map(amountCell),
  ];
  const rows = [
    ...report.charities.map((c) => ['Charity', csvText(c.recipient_name), ...figureCells(c), amountCell(c.paid_out), amountCell(c.owed)]),
    ...report.challenges.map((c) => ['Challenge', csvText(c.name), ...figureCells(c), '', '']),
    ['Total', csvText(report.campaign.campaign_name), ...figureCells(report.total), amountCell(report.total.paid_out), amountCell(report.total.owed)],
  ];
  return { csv: csvDocument(header, rows), filename: `uplift-report-campaign-${report.campaign.id}.csv` };
}

export async function listPayouts(db: Db, campaignId: number): Promise<Payout[]> {
  await findCampaignOrThrow(db, campaignId);
  const rows = await selectPayouts(db, campaignId);
  return rows.map((r) => ({ ...r, amount: fromMinor(r.amount), created_at: r.created_at.toISOString() }));
}

/** Records a payout (append-only: a correction is a new, negative entry; decision 055). */
export async function recordPayout(db: Db, campaignId: number, adminId: number, input: PayoutRequest, now: Date): Promise<Payout> {
  const campaign = await findCampaignOrThrow(db, campaignId);
  const recipient = await findRecipient(db, input.recipient_id);
  if (!recipient || recipient.country !== campaign.country) throw adminErrors.payoutRecipient();
  const row = await insertPayout(db, {
    campaign_id: campaign.id,
    recipient_id: recipient.id,
    amount: toMinor(input.amount),
    paid_on: input.paid_on,
    reference: input.reference,
    admin_user_id: adminId,
    created_at: now,
  });
  return { ...row, recipient_name: recipient.recipient_name, amount: fromMinor(row.amount), created_at: row.created_at.toISOString() };
}
