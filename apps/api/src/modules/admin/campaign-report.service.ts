import { COUNTRIES } from '@uplift/core/countries';
import { todayInCountry } from '@uplift/core/calendar';
import { asMinor, decimalText, formatMoney, fromMinor, sumMinor, toMinor, type Minor } from '@uplift/core/money';
import type { CampaignReport, Payout, PayoutCorrectionRequest, PayoutRequest, ReportFigures } from '@uplift/core/schemas/campaign-report';
import type { Db, Executor } from '../../db/client.ts';
import { campaignErrors } from '../campaigns/index.ts';
import { adminErrors } from './admin.errors.ts';
import {
  findCampaign,
  findPayoutOfCampaign,
  findRecipient,
  insertPayout,
  lockCampaignPayouts,
  selectAllChallenges,
  selectCountryCharities,
  selectPaidOut,
  selectPayouts,
  type CampaignRow,
  type PayoutRow,
} from './campaign-report.repository.ts';
import { campaignDays, campaignFigures, campaignGifts, netToPassOn, owedOf, type CampaignFigureRow as FigureRow } from '../payments/index.ts';
import { csvDocument, csvText } from '../documents/index.ts';

/** A row's figures: its pledges' and payments', and friends' gifts (per charity and in total; a challenge has none). */
type Figures = Omit<FigureRow, 'recipient_id' | 'challenge_id'> & { gifts: Minor; giftCount: number };
const NONE = asMinor(0);
const ZERO: Figures = { pledges: 0, donors: 0, pledged: NONE, collected: NONE, refunded: NONE, failed: NONE, cancelled: NONE, feeCover: NONE, fees: NONE, gifts: NONE, giftCount: 0 };

/**
 * The campaign's figures per charity and in total with friends' gifts added: a gift counts once,
 * in its charity's row and in the total, its amount beside the pledges' and its card fee in
 * `fees` (docs/decisions/140-leaderboards.md). Challenge rows keep pledges only.
 */
async function reportFigures(db: Executor, campaign: CampaignRow) {
  const [rows, giftRows] = await Promise.all([campaignFigures(db, campaign.id, campaign.country), campaignGifts(db, campaign.id, campaign.country)]);
  const base = (r: FigureRow | undefined): Figures => (r ? { ...r, gifts: NONE, giftCount: 0 } : ZERO);
  const withGifts = (r: FigureRow | undefined, recipientId: number | null): Figures => {
    const g = giftRows.find((x) => x.recipient_id === recipientId);
    const m = base(r);
    return g ? { ...m, gifts: g.amount, giftCount: g.gifts, fees: sumMinor([m.fees, g.fees]) } : m;
  };
  const recipientIds = new Set([...rows.filter((r) => r.recipient_id !== null).map((r) => r.recipient_id!), ...giftRows.filter((g) => g.recipient_id !== null).map((g) => g.recipient_id!)]);
  const byRecipient = new Map([...recipientIds].map((id) => [id, withGifts(rows.find((r) => r.recipient_id === id), id)]));
  const byChallenge = new Map(rows.filter((r) => r.challenge_id !== null).map((r) => [r.challenge_id!, base(r)]));
  const total = withGifts(rows.find((r) => r.recipient_id === null && r.challenge_id === null), null);
  return { byRecipient, byChallenge, total };
}

function figures(m: Figures): ReportFigures {
  return {
    pledges: m.pledges,
    donors: m.donors,
    pledged: fromMinor(m.pledged),
    collected: fromMinor(m.collected),
    refunded: fromMinor(m.refunded),
    failed: fromMinor(m.failed),
    cancelled: fromMinor(m.cancelled),
    fee_cover: fromMinor(m.feeCover),
    fees: fromMinor(m.fees),
    friends_gifts: fromMinor(m.gifts),
    friends_gift_count: m.giftCount,
    net: fromMinor(netOf(m)),
  };
}

/** What is to be passed on (docs/decisions/135, 140, 132): the ledger's published net of the row. */
function netOf(m: Figures): Minor {
  return netToPassOn(m);
}

/** Still owed to a charity, or owed back by it (docs/decisions/122, 132): the ledger's published rule. Never both. */
function balance(m: Figures, paid: Minor): { owed: number; owed_back: number } {
  const { owed, owedBack } = owedOf(netOf(m), paid);
  return { owed: fromMinor(owed), owed_back: fromMinor(owedBack) };
}

async function findCampaignOrThrow(db: Executor, id: number): Promise<CampaignRow> {
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
  const [{ byRecipient, byChallenge, total: totalMinor }, paidOut, days, charityRows, challengeRows] = await Promise.all([
    reportFigures(db, campaign),
    selectPaidOut(db, campaign.id),
    campaignDays(db, campaign.id, campaign.country),
    selectCountryCharities(db, campaign.country),
    selectAllChallenges(db),
  ]);

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
        ...balance(m, paid),
      };
    });
  const challengeList = challengeRows
    .filter((c) => c.is_enabled || byChallenge.has(c.id))
    .map((c) => ({ challenge_id: c.id, name: c.name, ...figures(byChallenge.get(c.id) ?? ZERO) }));

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
    total: { ...figures(totalMinor), paid_out: fromMinor(totalPaid), ...balance(totalMinor, totalPaid) },
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
    `Refunded (${currency})`,
    `Failed (${currency})`,
    `Cancelled (${currency})`,
    `Card fee covered by donors (${currency})`,
    `Estimated card fees (${currency})`,
    "Friends' gifts",
    `Friends' gifts (${currency})`,
    `Net to pass on (${currency})`,
    `Paid out (${currency})`,
    `Still owed (${currency})`,
    `Owed back (${currency})`,
  ];
  const figureCells = (f: ReportFigures) => [
    String(f.pledges),
    String(f.donors),
    ...[f.pledged, f.collected, f.refunded, f.failed, f.cancelled, f.fee_cover, f.fees].map(amountCell),
    String(f.friends_gift_count),
    ...[f.friends_gifts, f.net].map(amountCell),
  ];
  const rows = [
    ...report.charities.map((c) => ['Charity', csvText(c.recipient_name), ...figureCells(c), amountCell(c.paid_out), amountCell(c.owed), amountCell(c.owed_back)]),
    ...report.challenges.map((c) => ['Challenge', csvText(c.name), ...figureCells(c), '', '', '']),
    ['Total', csvText(report.campaign.campaign_name), ...figureCells(report.total), amountCell(report.total.paid_out), amountCell(report.total.owed), amountCell(report.total.owed_back)],
  ];
  return { csv: csvDocument(header, rows), filename: `uplift-report-campaign-${report.campaign.id}.csv` };
}

type PayoutWithName = PayoutRow & { recipient_name: string };

function payoutOf(row: PayoutWithName): Payout {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    recipient_id: row.recipient_id,
    recipient_name: row.recipient_name,
    amount: fromMinor(row.amount),
    paid_on: row.paid_on,
    reference: row.reference,
    admin_user_id: row.admin_user_id,
    created_at: row.created_at.toISOString(),
    corrects_payout_id: row.corrects_payout_id,
    reason: row.reason,
  };
}

export async function listPayouts(db: Db, campaignId: number): Promise<Payout[]> {
  await findCampaignOrThrow(db, campaignId);
  const rows = await selectPayouts(db, campaignId);
  return rows.map(payoutOf);
}

/** What is still owed to a charity for a campaign, as the report shows it: collected + fee cover + friends' gifts − refunds − fees − paid out (minor units; negative: owed back). */
async function owedTo(db: Executor, campaign: CampaignRow, recipientId: number): Promise<Minor> {
  const [{ byRecipient }, paidOut] = await Promise.all([reportFigures(db, campaign), selectPaidOut(db, campaign.id)]);
  const m = byRecipient.get(recipientId) ?? ZERO;
  return owedOf(netOf(m), paidOut.get(recipientId) ?? NONE).left;
}

/**
 * Records a payout: money passed on, at most what is still owed to that charity for the campaign
 * (decision 122). Under the campaign's payout lock, so two admins recording at once cannot
 * together pay more than is owed: the second sees the first's payout in the sums.
 */
export async function recordPayout(db: Db, campaignId: number, adminId: number, input: PayoutRequest, now: Date): Promise<Payout> {
  return db.transaction(async (tx) => {
    const campaign = await findCampaignOrThrow(tx, campaignId);
    const recipient = await findRecipient(tx, input.recipient_id);
    if (!recipient || recipient.country !== campaign.country) throw adminErrors.payoutRecipient();
    await lockCampaignPayouts(tx, campaign.id);
    const owed = await owedTo(tx, campaign, recipient.id);
    const amount = toMinor(input.amount);
    if (amount > owed) {
      throw owed <= 0
        ? adminErrors.payoutNothingOwed({ charity: recipient.recipient_name })
        : adminErrors.payoutMoreThanOwed({ owed: formatMoney(owed, campaign.country), charity: recipient.recipient_name });
    }
    const row = await insertPayout(tx, {
      campaign_id: campaign.id,
      recipient_id: recipient.id,
      amount,
      paid_on: input.paid_on,
      reference: input.reference,
      admin_user_id: adminId,
      created_at: now,
    });
    return payoutOf({ ...row, recipient_name: recipient.recipient_name });
  });
}

/**
 * Takes back (part of) a payout recorded by mistake (decision 122): a new, negative entry naming
 * the payout and the reason, dated the day it is recorded in the campaign's country, with the
 * payout's reference. At most what is left of that payout after its earlier corrections, and
 * never so much that the total paid to the charity drops below zero. Under the payout lock.
 */
export async function recordPayoutCorrection(
  db: Db,
  campaignId: number,
  payoutId: number,
  adminId: number,
  input: PayoutCorrectionRequest,
  now: Date,
): Promise<Payout> {
  return db.transaction(async (tx) => {
    const campaign = await findCampaignOrThrow(tx, campaignId);
    await lockCampaignPayouts(tx, campaign.id);
    const payout = await findPayoutOfCampaign(tx, campaign.id, payoutId);
    if (!payout) throw adminErrors.payoutNotFound();
    if (payout.amount < 0) throw adminErrors.payoutNotCorrectable();
    const paid = (await selectPaidOut(tx, campaign.id)).get(payout.recipient_id) ?? NONE;
    const limit = asMinor(Math.min(payout.amount + payout.corrected, paid));
    const amount = toMinor(input.amount);
    if (amount > limit) {
      throw limit <= 0 ? adminErrors.correctionNothingLeft() : adminErrors.correctionTooLarge({ limit: formatMoney(limit, campaign.country) });
    }
    const row = await insertPayout(tx, {
      campaign_id: campaign.id,
      recipient_id: payout.recipient_id,
      amount: asMinor(-amount),
      paid_on: todayInCountry(campaign.country, now),
      reference: payout.reference,
      admin_user_id: adminId,
      created_at: now,
      corrects_payout_id: payout.id,
      reason: input.reason,
    });
    const recipient = await findRecipient(tx, payout.recipient_id);
    return payoutOf({ ...row, recipient_name: recipient!.recipient_name });
  });
}
