import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { mails, type AttachmentToDraw, type MailAttachment } from '../../db/schema.ts';

export type { AttachmentToDraw, MailAttachment };
/** A row of the mails table. */
export type MailRow = typeof mails.$inferSelect;
/** A mail to record: without a status it is 'queued' (the column default). */
export type NewMail = Pick<MailRow, 'to_address' | 'kind' | 'subject' | 'text_body' | 'html_body' | 'attachments'> & {
  status?: 'outbox';
  attachments_to_draw?: AttachmentToDraw[] | null;
  list_unsubscribe?: string | null;
};
/** What delivery may blank out of a sent mail (a token, or everything of an erased account). */
export type MailScrub = Partial<Pick<MailRow, 'to_address' | 'text_body' | 'html_body'>>;

/** Records a mail; answers its id. */
export async function insertMail(db: Executor, mail: NewMail): Promise<number> {
  const [row] = await db.insert(mails).values(mail).returning({ id: mails.id });
  return row!.id;
}

export async function findMail(db: Executor, id: number): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mails).where(eq(mails.id, id));
  return row;
}

/**
 * The mail to deliver, locked for this transaction: undefined when it is already delivered (sent,
 * or in the dev outbox), gone, or being delivered by another worker right now (SKIP LOCKED), so
 * two workers never both send it. The lock ends with the transaction, a crashed worker's too.
 */
export async function lockMailToDeliver(tx: Tx, id: number): Promise<MailRow | undefined> {
  const [row] = await tx
    .select()
    .from(mails)
    .where(and(eq(mails.id, id), inArray(mails.status, ['queued', 'retrying'])))
    .for('update', { skipLocked: true });
  return row;
}

/** The attachments drawn for a mail, kept so that a retried send sends the very same files. */
export async function keepDrawnAttachments(db: Executor, id: number, attachments: MailAttachment[] | null): Promise<void> {
  await db.update(mails).set({ attachments, attachments_to_draw: null }).where(eq(mails.id, id));
}

/** The newest mails first (the dev outbox). */
export async function listNewestMails(db: Executor, limit: number): Promise<MailRow[]> {
  return db.select().from(mails).orderBy(desc(mails.id)).limit(limit);
}

/** Without SMTP a mail stays in the database for the dev outbox. */
export async function markMailOutbox(db: Executor, id: number): Promise<void> {
  await db.update(mails).set({ status: 'outbox' }).where(eq(mails.id, id));
}

export async function markMailSent(db: Executor, id: number, sentAt: Date, scrub: MailScrub): Promise<void> {
  await db.update(mails).set({ status: 'sent', sent_at: sentAt, error: null, ...scrub }).where(eq(mails.id, id));
}

/** A failed delivery: the queue will try again; the error is kept (cut to 500 characters by the caller). */
export async function markMailRetrying(db: Executor, id: number, error: string): Promise<void> {
  await db.update(mails).set({ status: 'retrying', error }).where(eq(mails.id, id));
}

// A person's mails (the data export and erasure, docs/decisions/082)

/** The subjects and dates of every mail to the address, oldest first. */
export async function listMailsTo(db: Executor, email: string) {
  return db
    .select({ subject: mails.subject, created_at: mails.created_at })
    .from(mails)
    .where(sql`lower(${mails.to_address}) = ${email.toLowerCase()}`)
    .orderBy(asc(mails.id));
}

/** Drops mails to the address not yet sent, and empties the ones sent (subject and date stay). */
export async function scrubMails(db: Executor, email: string, tombstone: string, keepId: number | undefined) {
  const mine = sql`lower(${mails.to_address}) = ${email.toLowerCase()} and ${mails.id} <> ${keepId ?? 0}`;
  await db.delete(mails).where(and(mine, inArray(mails.status, ['queued', 'retrying'])));
  await db
    .update(mails)
    .set({ to_address: tombstone, text_body: '[erased]', html_body: '[erased]', attachments: null, attachments_to_draw: null, error: null })
    .where(mine);
}

// Retention (docs/decisions/128-receipts-off-the-charge-path-and-retention.md)

/**
 * Deletes delivered mails (sent, or kept in the dev outbox) recorded before `deliveredBefore`, and
 * mails never delivered (queued, or retrying after a failure) recorded before `undeliveredBefore`.
 * Answers how many went.
 */
export async function purgeMails(db: Executor, cutoffs: { deliveredBefore: Date; undeliveredBefore: Date }): Promise<number> {
  const gone = await db
    .delete(mails)
    .where(
      sql`(${and(inArray(mails.status, ['sent', 'outbox']), lt(mails.created_at, cutoffs.deliveredBefore))})
       or (${and(inArray(mails.status, ['queued', 'retrying']), lt(mails.created_at, cutoffs.undeliveredBefore))})`,
    );
  return gone.rowCount ?? 0;
}

/**
 * Mail recorded since `since`: sent (or kept in the dev outbox), failed at least once and not sent
 * yet, and still queued; and since when mail has been failing: the oldest failed mail recorded after
 * the last one sent (null when none is failing). The system page and alerts (docs/decisions/133).
 */
export async function selectMailFacts(db: Executor, since: Date): Promise<{ sent: number; failed: number; queued: number; failingSince: Date | null }> {
  const result = await db.execute<{ sent: number; failed: number; queued: number; failing_since: string | null }>(sql`
    with recent as (select status, created_at, sent_at from ${mails} where created_at >= ${since.toISOString()}::timestamptz)
    select
      count(*) filter (where status in ('sent', 'outbox'))::int as sent,
      count(*) filter (where status = 'retrying')::int as failed,
      count(*) filter (where status = 'queued')::int as queued,
      (select min(created_at) from recent where status = 'retrying'
         and created_at > coalesce((select max(sent_at) from recent where status = 'sent'), '-infinity'::timestamptz)) as failing_since
    from recent`);
  const row = result.rows[0]!;
  return { sent: Number(row.sent), failed: Number(row.failed), queued: Number(row.queued), failingSince: row.failing_since ? new Date(row.failing_since) : null };
}
