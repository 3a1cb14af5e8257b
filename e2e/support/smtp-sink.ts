import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server that keeps every message it receives (with its attachments) as JSON in `dir`. */
export async function startSmtpSink(port: number, dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          count += 1;
          const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
          // Attachments are kept too (base64), so specs can open the files a mail carries.
          const attachments = mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') }));
          const record = { to: to.map((a) => a.address), subject: mail.subject, text: mail.text, html: mail.html, attachments, date: new Date().toISOString() };
          // Written aside and renamed, so a reader never sees half a file (attachments make them large).
          const file = path.join(dir, `${Date.now()}-${String(count).padStart(4, '0')}.json`);
          await writeFile(`${file}.part`, JSON.stringify(record));
          await rename(`${file}.part`, file);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
