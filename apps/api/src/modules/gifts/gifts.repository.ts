import type { CountryCode } from '@uplift/core/countries';
import type { Minor } from '@uplift/core/money';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, challengePages, gifts, recipients, users } from '../../db/schema.ts';
import { pageIsPublic } from '../challenge-pages/index.ts';
import { refundedOfGift } from '../payments/index.ts';

// A friend's gift while it is made and tried (docs/decisions/138-challenge-pages-and-gifts.md). A gift
// row and its idempotency key are written before the provider is asked for the charge; its status
// moves once to failed by a conditional update here, or once to succeeded by the payments ledger
// (docs/decisions/150), so two settlers racing each other settle it once.

export type GiftRow = typeof gifts.$inferSelect;

/** A public page (published, not hidden by an admin) with what a gift on it needs. */
export async function selectPublicPage(db: Executor, slug: string) {
  const [row] = await db
    .select({
      id: challengePages.id,
      slug: challengePages.slug,
      displayName: challengePages.display_name,
      userId: challengePages.user_id,
      giftMails: challengePages.gift_mails,
      campaignId: challengePages.campaign_id,
      campaignName: campaigns.campaign_name,
      country: campaigns.country,
      isActive: campaigns.is_active,
      endDate: campaigns.end_date,
      recipientId: sql<number>`(select pl.recipient_id from pledges pl where pl.id = ${challengePages.pledge_id})`,
    })
    .from(challengePages)
    .innerJoin(campaigns, eq(campaigns.id, challengePages.campaign_id))
    .where(and(eq(challengePages.slug, slug), pageIsPublic()));
  return row;
}

export async function selectGiftByClientKey(db: Executor, clientKey: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.client_key, clientKey));
  return row;
}

export async function selectGift(db: Executor, id: number): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, id));
  return row;
}

/** Inserts the gift, pending; a resent form (same client key) inserts nothing and gets undefined. */
export async function insertGift(db: Executor, values: typeof gifts.$inferInsert): Promise<GiftRow | undefined> {
  const [row] = await db.insert(gifts).values(values).onConflictDoNothing({ target: gifts.client_key }).returning();
  return row;
}

/** Stores the provider's reference once (a second writer of the same reference changes nothing). */
export async function setGiftReference(db: Executor, id: number, reference: string): Promise<void> {
  await db.update(gifts).set({ provider_reference: reference }).where(and(eq(gifts.id, id), isNull(gifts.provider_reference)));
}

// THE settlement of a success (status succeeded, its receipt number from the one sequence,
// settled_at) is the payments ledger's write (settleGiftReceived, docs/decisions/150): this module
// writes a gift while it is made and tried.

/** A decline (or a failed bank step): only a gift still open (pending or requires_action) fails. */
export async function markGiftFailed(db: Executor, id: number, reference: string | null, code: string, now: Date): Promise<GiftRow | undefined> {
  const [row] = await db
    .update(gifts)
    .set({ status: 'failed', failure_code: code, provider_reference: sql`coalesce(${gifts.provider_reference}, ${reference})`, settled_at: now })
    .where(and(eq(gifts.id, id), inArray(gifts.status, ['pending', 'requires_action'])))
    .returning();
  return row;
}

/** The bank asked for its step: a pending gift now waits for it. */
export async function markGiftRequiresAction(db: Executor, id: number): Promise<void> {
  await db.update(gifts).set({ status: 'requires_action' }).where(and(eq(gifts.id, id), eq(gifts.status, 'pending')));
}

/** Gifts still open and older than `before` (the periodic job asks the provider about each). */
export async function selectOpenGiftsBefore(db: Executor, before: Date, limit: number): Promise<GiftRow[]> {
  return db
    .select()
    .from(gifts)
    .where(and(inArray(gifts.status, ['pending', 'requires_action']), lt(gifts.created_at, before)))
    .orderBy(gifts.id)
    .limit(limit);
}

/** What the mails of a settled gift need: the page, its owner, the campaign and the charity. */
export async function selectGiftMailFacts(db: Executor, giftId: number) {
  const [row] = await db
    .select({
      gift: gifts,
      country: campaigns.country,
      campaignName: campaigns.campaign_name,
      charity: recipients.recipient_name,
      pageSlug: challengePages.slug,
      pageName: challengePages.display_name,
      giftMails: challengePages.gift_mails,
      ownerId: users.id,
      ownerEmail: users.email,
      ownerFirstName: users.first_name,
    })
    .from(gifts)
    .innerJoin(campaigns, eq(campaigns.id, gifts.campaign_id))
    .innerJoin(recipients, eq(recipients.id, gifts.recipient_id))
    .leftJoin(challengePages, eq(challengePages.id, gifts.page_id))
    .leftJoin(users, eq(users.id, challengePages.user_id))
    .where(eq(gifts.id, giftId));
  return row as (Omit<NonNullable<typeof row>, 'country'> & { country: CountryCode }) | undefined;
}

export type GiftExportRow = {
  id: number;
  page_slug: string | null;
  amount: Minor;
  country: CountryCode;
  status: string;
  donor_name: string | null;
  message: string;
  hide_name: boolean;
  hide_amount: boolean;
  tax_receipt: boolean;
  receipt_number: string | null;
  /** Refunds of the gift that went through (the ledger's rule: docs/decisions/150). */
  refunded: number;
  created_at: Date;
};

const exportColumns = {
  id: gifts.id,
  page_slug: challengePages.slug,
  amount: gifts.amount,
  country: campaigns.country,
  status: gifts.status,
  donor_name: gifts.donor_name,
  message: gifts.message,
  hide_name: gifts.hide_name,
  hide_amount: gifts.hide_amount,
  tax_receipt: gifts.tax_receipt,
  receipt_number: gifts.receipt_number,
  refunded: sql<number>`${refundedOfGift('gifts')}`,
  created_at: gifts.created_at,
};

/** Gifts made with this email address (the data export), newest first. */
export async function selectGiftsMadeBy(db: Executor, email: string): Promise<GiftExportRow[]> {
  return (await db
    .select(exportColumns)
    .from(gifts)
    .innerJoin(campaigns, eq(campaigns.id, gifts.campaign_id))
    .leftJoin(challengePages, eq(challengePages.id, gifts.page_id))
    .where(sql`lower(${gifts.donor_email}) = lower(${email})`)
    .orderBy(desc(gifts.id))) as GiftExportRow[];
}

/** Succeeded gifts received on the user's pages (the data export), newest first. */
export async function selectGiftsReceivedBy(db: Executor, userId: number): Promise<GiftExportRow[]> {
  return (await db
    .select(exportColumns)
    .from(gifts)
    .innerJoin(campaigns, eq(campaigns.id, gifts.campaign_id))
    .innerJoin(challengePages, eq(challengePages.id, gifts.page_id))
    .where(and(eq(challengePages.user_id, userId), eq(gifts.status, 'succeeded')))
    .orderBy(desc(gifts.id))) as GiftExportRow[];
}

/**
 * Retention: gifts made before `before` (seven years: core RETENTION.donationRecordYears) lose the
 * friend's name, email and message, as an erasure does; amounts, dates and receipt numbers stay.
 */
export async function anonymiseGiftsBefore(db: Executor, before: Date, now: Date): Promise<number> {
  const rows = await db
    .update(gifts)
    .set({ donor_name: null, donor_email: null, message: '', erased_at: now })
    .where(and(lt(gifts.created_at, before), isNull(gifts.erased_at)))
    .returning({ id: gifts.id });
  return rows.length;
}

/** Erasure: the friend's name, email and message go; the amount stays in the ledger. */
export async function anonymiseGiftsMadeBy(db: Executor, email: string, now: Date): Promise<number> {
  const rows = await db
    .update(gifts)
    .set({ donor_name: null, donor_email: null, message: '', erased_at: now })
    .where(sql`lower(${gifts.donor_email}) = lower(${email})`)
    .returning({ id: gifts.id });
  return rows.length;
}
