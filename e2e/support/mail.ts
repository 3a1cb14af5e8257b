import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

export type SentMail = { to: string[]; subject: string; text: string; html: string; date: string };

async function readAll(dir: string): Promise<SentMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as SentMail));
}

/** Waits for the newest mail to `to` whose subject matches, as delivered to the SMTP sink (of `dir`: another app's). */
export async function waitForMail(to: string, subject: RegExp, dir = process.env.E2E_MAIL_DIR!): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readAll(dir)).filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        found = mails.at(-1);
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}
