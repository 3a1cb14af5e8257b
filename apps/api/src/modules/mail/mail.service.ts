import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import { renderMail, type MailContent } from './mail.layout.ts';
import { findMail, insertMail, markMailOutbox, markMailRetrying, markMailSent, type MailAttachment } from './mail.repository.ts';

export const SEND_MAIL_JOB = 'mail.send';

export type MailKind =
  | 'activation'
  | 'password-reset'
  | 'pledge-confirmed'
  | 'payment-receipt'
  | 'payment-failed'
  | 'card-expiry'
  | 'pledge-cancelled'
  | 'email-change'
  | 'email-changed'
  | 'account-erased';

const TOKEN_MAILS = new Set<MailKind>(['activation', 'password-reset', 'email-change']);
const SCRUBBED = '[removed after delivery: it contained a single-use token]';
/** The goodbye of an erased account: once delivered, nothing of it (not even the address) stays. */
const ERASED_AFTER_DELIVERY = new Set<MailKind>(['account-erased']);

export type Mailer = {
  /**
   * Records the mail and queues its delivery. It never throws for a delivery problem:
   * a failed send is retried by the queue, and the request that asked for it carries on.
   */
  send: (to: string, kind: MailKind, content: MailContent, attachments?: MailAttachment[]) => Promise<number>;
  /** Delivers a recorded mail (the job's work). Throws on an SMTP failure so the queue retries. */
  deliver: (mailId: number) => Promise<void>;
};

export function createMailer(opts: {
  db: Db;
  queue: Queue | undefined;
  smtpUrl: string | undefined;
  from: string;
  log: Logger;
}): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;

  async function deliver(mailId: number) {
    const mail = await findMail(opts.db, mailId);
    if (!mail || mail.status === 'sent' || mail.status === 'outbox') return;
    if (!transport) {
      // Dev outbox: the mail stays in the database and is shown at /dev/mail.
      await markMailOutbox(opts.db, mailId);
      return;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
      });
      // Tokens are stored only hashed: once delivered, a mail carrying one keeps no copy of it.
      const scrub = ERASED_AFTER_DELIVERY.has(mail.kind as MailKind)
        ? { to_address: '[erased]', text_body: '[erased]', html_body: '[erased]' }
        : TOKEN_MAILS.has(mail.kind as MailKind)
          ? { text_body: SCRUBBED, html_body: SCRUBBED }
          : {};
      await markMailSent(opts.db, mailId, new Date(), scrub);
    } catch (err) {
      await markMailRetrying(opts.db, mailId, String((err as Error).message).slice(0, 500));
      throw err;
    }
  }

  return {
    async send(to, kind, content, attachments) {
      const rendered = renderMail(content);
      // With neither a queue nor SMTP the mail goes straight to the dev outbox: one statement, not three.
      const outboxNow = !transport && !opts.queue;
      const mailId = await insertMail(opts.db, {
        to_address: to,
        kind,
        subject: rendered.subject,
        text_body: rendered.text,
        html_body: rendered.html,
        attachments: attachments ?? null,
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
