import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A file sent with a mail (a PDF receipt, a calendar): content in base64. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * An attachment the mail job draws when it sends, not the caller: what is needed to draw it, never
 * its bytes. `issuedAt` is when the receipt was issued (the payment's settlement), so a send days
 * later still dates it then. Once drawn, the bytes go to `attachments` and this is cleared.
 */
export type AttachmentToDraw = { draw: 'pledge-receipt'; pledgeId: number; paymentId: number; issuedAt: string };

/** Every mail the app sends: the dev outbox reads it, and the send job retries from it. */
export const mails = pgTable(
  'mails',
  {
    id: serial().primaryKey(),
    to_address: text().notNull(),
    subject: text().notNull(),
    text_body: text().notNull(),
    html_body: text().notNull(),
    kind: text().notNull(),
    attachments: jsonb().$type<MailAttachment[]>(),
    /** Still to be drawn by the sender (docs/decisions/128): set until the first delivery attempt draws them. */
    attachments_to_draw: jsonb().$type<AttachmentToDraw[]>(),
    /**
     * A wholly optional mail's one-click unsubscribe URL (docs/decisions/136): sent as the
     * List-Unsubscribe header, with List-Unsubscribe-Post (RFC 8058). Null for the rest.
     */
    list_unsubscribe: text(),
    status: text().notNull().default('queued'),
    error: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('mails_created_idx').on(t.created_at)],
);
