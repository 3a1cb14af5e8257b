import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

export type MailAttachment = { filename?: string; contentType: string; content: string };
export type SentMail = { to: string[]; subject: string; text: string; html: string; attachments: MailAttachment[]; date: string };

/** The content of the mail's one attachment of this type (e.g. 'text/calendar'), as bytes. */
export function attachmentOf(mail: SentMail, contentType: string): Buffer {
  const found = mail.attachments.filter((a) => a.contentType === contentType);
  expect(found, `${mail.subject}: one ${contentType} attachment`).toHaveLength(1);
  return Buffer.from(found[0]!.content, 'base64');
}

async function readAll(dir: string): Promise<SentMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as SentMail));
}

/** Every mail to `to` whose subject matches, oldest first, as delivered so far. */
export async function mailsTo(to: string, subject: RegExp, dir = process.env.E2E_MAIL_DIR!): Promise<SentMail[]> {
  return (await readAll(dir)).filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
}

/** Waits for the newest mail to `to` whose subject matches, as delivered to the SMTP sink (of `dir`: another app's). */
export async function waitForMail(to: string, subject: RegExp, dir = process.env.E2E_MAIL_DIR!): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to, subject, dir)).at(-1);
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}
