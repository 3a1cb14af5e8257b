import { asMinor } from '@uplift/core/money';
import { todayInCountry } from '@uplift/core/calendar';
import { COUNTRIES } from '@uplift/core/countries';
import type { Db } from '../../db/client.ts';
import { charityErrors } from './charities.errors.ts';
import { exportDonors, findCampaignForExport, findRecipient, recordExport, type ExportDonorRow } from './charities.repository.ts';
import { csvDocument, csvText, decimalText } from '../documents/index.ts';

/**
 * The columns (docs/product-rules.md "Which figure each screen shows"): 'Amount paid' is what the
 * pledge gave, net of refunds that went through (docs/decisions/146); 'Payments received' lists the
 * charges as they were made.
 */
export const EXPORT_HEADER = [
  'First name',
  'Last name',
  'Email',
  'Pledge status',
  'Currency',
  'Pledged total',
  'Amount paid',
  'Payments received',
  'Payments scheduled',
];

/** 'YYYY-MM-DD:1750' entries → '2026-11-25 17.50; 2026-12-02 17.50'. */
function paymentList(entries: string[]): string {
  return entries
    .map((entry) => {
      const [date, minor] = entry.split(':');
      return `${date} ${decimalText(asMinor(Number(minor)))}`;
    })
    .join('; ');
}

function toCells(row: ExportDonorRow, currency: string): string[] {
  return [
    csvText(row.first_name),
    csvText(row.last_name),
    csvText(row.email),
    row.pledge_status,
    currency,
    decimalText(row.confirmed_amount),
    decimalText(row.amount_paid),
    paymentList(row.paid),
    paymentList(row.scheduled),
  ];
}

export type CharityExport = { filename: string; csv: string; rowCount: number; exportId: number };

/**
 * Builds one charity's donor list for one campaign and records who exported it, in one
 * transaction: a file is never handed out without its record.
 */
export async function createCharityExport(
  db: Db,
  input: { adminId: number; recipientId: number; campaignId: number; now: Date },
): Promise<CharityExport> {
  return db.transaction(async (tx) => {
    const recipient = await findRecipient(tx, input.recipientId);
    if (!recipient) throw charityErrors.exportRecipientNotFound({ id: input.recipientId });
    const campaign = await findCampaignForExport(tx, input.campaignId);
    if (!campaign) throw charityErrors.exportCampaignNotFound({ id: input.campaignId });
    if (recipient.country !== campaign.country) {
      throw charityErrors.exportCountryMismatch({
        charity: recipient.recipient_name,
        charityCountry: recipient.country,
        campaign: campaign.campaign_name,
        campaignCountry: campaign.country,
      });
    }

    const country = campaign.country;
    const donors = await exportDonors(tx, recipient.id, campaign.id);
    const csv = csvDocument(
      EXPORT_HEADER,
      donors.map((row) => toCells(row, COUNTRIES[country].currency)),
    );
    const exportId = await recordExport(tx, {
      admin_user_id: input.adminId,
      recipient_id: recipient.id,
      campaign_id: campaign.id,
      row_count: donors.length,
      created_at: input.now,
    });
    const slug = recipient.slug.replace(/[^a-z0-9-]/gi, '');
    const filename = `uplift-donors-${slug}-campaign-${campaign.id}-${todayInCountry(country, input.now)}.csv`;
    return { filename, csv, rowCount: donors.length, exportId };
  });
}
