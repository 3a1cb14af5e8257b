import type { CharityExportRecord } from '@uplift/core/schemas/admin';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { campaigns, charityExports, recipients, users } from '../../db/schema.ts';

type Executor = Pick<Db, 'select' | 'insert' | 'execute'>;

export type ExportDonorRow = {
  first_name: string;
  last_name: string;
  email: string;
  pledge_status: 'Confirmed' | 'Cancelled';
  confirmed_amount: number;
  amount_paid: number;
  /** 'YYYY-MM-DD:amount_minor' of each successful payment, in date order. */
  paid: string[];
  /** The same for payments still to come. */
  scheduled: string[];
};

export async function findRecipient(db: Executor, id: number) {
  const [row] = await db
    .select({ id: recipients.id, recipient_name: recipients.recipient_name, slug: recipients.slug, country: recipients.country })
    .from(recipients)
    .where(eq(recipients.id, id));
  return row;
}

export async function findCampaignForExport(db: Executor, id: number) {
  const [row] = await db
    .select({ id: campaigns.id, campaign_name: campaigns.campaign_name, country: campaigns.country })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row;
}

export async function listRecipients(db: Executor) {
  return db
    .select({ id: recipients.id, recipient_name: recipients.recipient_name, country: recipients.country })
    .from(recipients)
    .orderBy(asc(recipients.country), asc(recipients.id));
}

/**
 * The donors a charity may receive for one campaign: they opted in to share their details with
 * the charity, and their pledge counts (Confirmed, or Cancelled after at least one successful
 * payment — the same rule as the totals). Nobody else, as the privacy policy promises.
 */
export async function exportDonors(db: Executor, recipientId: number, campaignId: number): Promise<ExportDonorRow[]> {
  const result = await db.execute<ExportDonorRow>(sql`
    select u.first_name, u.last_name, u.email, p.pledge_status, p.confirmed_amount,
      coalesce(sum(pay.amount) filter (where pay.payment_status = 'Success'), 0)::int as amount_paid,
      coalesce(array_agg(pay.processing_date::text || ':' || pay.amount order by pay.processing_date)
        filter (where pay.payment_status = 'Success'), '{}') as paid,
      coalesce(array_agg(pay.processing_date::text || ':' || pay.amount order by pay.processing_date)
        filter (where pay.payment_status = 'Pending'), '{}') as scheduled
    from pledges p
    join users u on u.id = p.user_id
    left join payments pay on pay.pledge_id = p.id
    where p.campaign_id = ${campaignId}
      and p.recipient_id = ${recipientId}
      and u.opt_in_charity_comms = true
      and p.pledge_status in ('Confirmed', 'Cancelled')
    group by p.id, u.id
    having p.pledge_status = 'Confirmed' or count(*) filter (where pay.payment_status = 'Success') > 0
    order by lower(u.last_name), lower(u.first_name), p.id
  `);
  return result.rows;
}

export async function recordExport(
  db: Executor,
  entry: { admin_user_id: number; recipient_id: number; campaign_id: number; row_count: number; created_at: Date },
): Promise<number> {
  const [row] = await db.insert(charityExports).values(entry).returning({ id: charityExports.id });
  return row!.id;
}

const admin = alias(users, 'export_admin');

/** The newest exports first, with who made them and for which charity and campaign. */
export async function listExports(db: Executor, limit: number): Promise<CharityExportRecord[]> {
  const rows = await db
    .select({
      id: charityExports.id,
      created_at: charityExports.created_at,
      row_count: charityExports.row_count,
      admin_user_id: charityExports.admin_user_id,
      admin_email: admin.email,
      recipient_id: charityExports.recipient_id,
      recipient_name: recipients.recipient_name,
      campaign_id: charityExports.campaign_id,
      campaign_name: campaigns.campaign_name,
    })
    .from(charityExports)
    .leftJoin(admin, eq(admin.id, charityExports.admin_user_id))
    .leftJoin(recipients, eq(recipients.id, charityExports.recipient_id))
    .leftJoin(campaigns, eq(campaigns.id, charityExports.campaign_id))
    .orderBy(desc(charityExports.created_at), desc(charityExports.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
