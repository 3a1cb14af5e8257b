import { GIFT_MAILS, TRANSACTIONAL_MAILS } from '@uplift/core/mail-kinds';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Queue } from '../../queue/queue.ts';
import { renderMail, type MailContent } from './mail.layout.ts';
import { type AttachmentToDraw, insertMail, type MailRow, keepDrawnAttachments, lockMailToDeliver, markMailOutbox, markMailRetrying, markMailSent, selectMailFacts, type MailAttachment } from './mail.repository.ts';

export const SEND_MAIL_JOB = 'mail.send';

export type MailKind =
  | 'activation'
  | 'password-reset'
  | 'pledge-confirmed'
  | 'payment-receipt'
  | 'payment-failed'
  | 'payment-refund'
  | 'card-expiry'
  | 'pledge-cancelled'
  | 'pledge-skipped'
  | 'email-change'
  | 'email-changed'
  // A change to how the account signs in (docs/decisions/151): always sent.
  | 'security-notice'
  | 'account-erased'
  // An admin hid a challenge page, a team, or part of one (docs/decisions/159): always sent.
  | 'moderation-notice'
  | 'system-alert'
  // Optional (core mail-kinds.ts, docs/decisions/136): each carries an unsubscribe link and List-Unsubscribe.
  | 'milestone'
  | 'news'
  // A gift on a challenge page (core GIFT_MAILS, docs/decisions/138): the friend's receipt, the owner's notice.
  | 'gift-receipt'
  | 'gift-received';

// Every mail a donor can get is listed in core, transactional with its reason or optional (docs/decisions/136):
// a new kind that is in neither list does not compile. System alerts go to admins only.
void (TRANSACTIONAL_MAILS satisfies Record<Exclude<MailKind, 'milestone' | 'news' | 'system-alert' | keyof typeof GIFT_MAILS>, unknown>);
void (GIFT_MAILS satisfies Record<Extract<MailKind, 'gift-receipt' | 'gift-received'>, unknown>);

const TOKEN_MAILS = new Set<MailKind>(['activation', 'password-reset', 'email-change']);
const SCRUBBED = '[removed after delivery: it contained a single-use token]';
/** The goodbye of an erased account: once delivered, nothing of it (not even the address) stays. */
const ERASED_AFTER_DELIVERY = new Set<MailKind>(['account-erased']);

/**
 * Draws an attachment the mail records only a description of (the pledge's PDF receipt): the
 * sender calls it when it delivers, never the caller of `send` (docs/decisions/128). Undefined
 * when there is nothing to draw (the mail then goes without it).
 */
export type DrawAttachment = (what: AttachmentToDraw, db: Executor) => Promise<MailAttachment | undefined>;

export type Mailer = {
  /**
   * Records the mail and queues its delivery. It never throws for a delivery problem:
   * a failed send is retried by the queue, and the request that asked for it carries on.
   * An attachment is either a file or what the sender needs to draw it when it delivers.
   */
  send: (to: string, kind: MailKind, content: MailContent, attachments?: (MailAttachment | AttachmentToDraw)[]) => Promise<number>;
  /**
   * Delivers a recorded mail (the job's work), drawing its attachments first if they are still to
   * be drawn. Throws on a failure so the queue retries. The mail's row is locked while it is
   * delivered: a second worker given the same mail meanwhile does nothing.
   */
  deliver: (mailId: number) => Promise<void>;
};

const isToDraw = (a: MailAttachment | AttachmentToDraw): a is AttachmentToDraw => 'draw' in a;

export function createMailer(opts: {
  db: Db;
  queue: Queue | undefined;
  smtpUrl: string | undefined;
  from: string;
  log: Logger;
  /** Draws the attachments a mail describes (the composition root passes the pledges module's). */
  drawAttachment?: DrawAttachment;
}): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;

  /** The files to send: the ones recorded, or, the first time, the described ones drawn now and kept. */
  async function attachmentsOf(tx: Tx, mail: MailRow): Promise<MailAttachment[]> {
    const toDraw = mail.attachments_to_draw ?? [];
    if (toDraw.length === 0) return mail.attachments ?? [];
    if (!opts.drawAttachment) throw new Error(`mail ${mail.id} has attachments to draw and this mailer cannot draw them`);
    const drawn: MailAttachment[] = [...(mail.attachments ?? [])];
    for (const what of toDraw) {
      const file = await opts.drawAttachment(what, tx);
      if (file) drawn.push(file);
    }
    // Kept before the send is tried: a retry after a failure sends these bytes, never a new drawing.
    await keepDrawnAttachments(tx, mail.id, drawn.length > 0 ? drawn : null);
    return drawn;
  }

  async function deliver(mailId: number) {
    // The drawing is kept even when the send then fails (the transaction commits and rethrows).
    let failure: unknown;
    await opts.db.transaction(async (tx) => {
      const mail = await lockMailToDeliver(tx, mailId);
      if (!mail) return; // delivered already, or being delivered by another worker right now
      try {
        // In a savepoint: a drawing that fails leaves the transaction usable to record the failure.
        const attachments = await tx.transaction((drawing) => attachmentsOf(drawing, mail));
        if (!transport) {
          // Dev outbox: the mail stays in the database and is shown at /dev/mail.
          await markMailOutbox(tx, mailId);
          return;
        }
        await transport.sendMail({
          from: opts.from,
          to: mail.to_address,
          subject: mail.subject,
          // RFC 8058 one-click unsubscribe on a wholly optional mail (docs/decisions/136).
          ...(mail.list_unsubscribe
            ? { headers: { 'List-Unsubscribe': `<${mail.list_unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
            : {}),
          text: mail.text_body,
          html: mail.html_body,
          attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
        });
        // Tokens are stored only hashed: once delivered, a mail carrying one keeps no copy of it.
        const scrub = ERASED_AFTER_DELIVERY.has(mail.kind as MailKind)
          ? { to_address: '[erased]', text_body: '[erased]', html_body: '[erased]' }
          : TOKEN_MAILS.has(mail.kind as MailKind)
            ? { text_body: SCRUBBED, html_body: SCRUBBED }
            : {};
        await markMailSent(tx, mailId, new Date(), scrub);
      } catch (err) {
        failure = err;
        await markMailRetrying(tx, mailId, String((err as Error).message).slice(0, 500));
      }
    });
    if (failure !== undefined) throw failure;
  }

  return {
    async send(to, kind, content, attachments) {
      const rendered = renderMail(content);
      const files = attachments?.filter((a): a is MailAttachment => !isToDraw(a)) ?? [];
      const toDraw = attachments?.filter(isToDraw) ?? [];
      // With neither a queue nor SMTP the mail goes straight to the dev outbox: one statement, not
      // three. Not one with something to draw: that is the sender's work (below, inline).
      const outboxNow = !transport && !opts.queue && toDraw.length === 0;
      const mailId = await insertMail(opts.db, {
        to_address: to,
        kind,
        subject: rendered.subject,
        text_body: rendered.text,
        html_body: rendered.html,
        attachments: files.length > 0 ? files : null,
        attachments_to_draw: toDraw.length > 0 ? toDraw : null,
        list_unsubscribe: content.listUnsubscribe ?? null,
        ...(outboxNow ? { status: 'outbox' as const } : {}),
      });
      if (!transport) opts.log.info({ mailId, kind, to }, 'mail kept in the dev outbox (/dev/mail)');
      if (outboxNow) return mailId;
      try {
        if (opts.queue) {
          await opts.queue.send(SEND_MAIL_JOB, { mailId }, { retryLimit: 8, retryDelay: 30, retryBackoff: true });
        } else {
          await deliver(mailId);
        }
      } catch (err) {
        // Never fail the caller: the row stays queued and the log says why.
        opts.log.error({ err, mailId }, 'could not queue mail');
      }
      return mailId;
    },
    deliver,
  };
}

/** What the account area reads and erases of a person's mails. */
export { listMailsTo, scrubMails } from './mail.repository.ts';

/** The retention job's work on the mail log (docs/decisions/128). */
export { purgeMails } from './mail.repository.ts';
export type { AttachmentToDraw, MailAttachment } from './mail.repository.ts';

/** The last 24 hours of mail, and since when it has been failing (the system page and alerts). */
export async function mailFacts(db: Executor, now: Date) {
  return selectMailFacts(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
}
