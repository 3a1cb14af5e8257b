import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createMailer } from './mail.service.ts';

describe('mailer over SMTP', () => {
  let ctx: TestContext;
  let server: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx.close();
  });

  it('delivers a token mail and then keeps no copy of the token', async () => {
    const mailer = createMailer({ db: ctx.db, queue: undefined, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Uplift <hello@uplift.org.nz>', log: pino({ level: 'silent' }) });
    const token = 'tok_' + 'x'.repeat(40);
    const id = await mailer.send('donor@example.org', 'activation', { subject: 'Activate your account', greeting: 'Kia ora,', paragraphs: ['Your token:'], code: token });

    expect(received.join('')).toContain(token);
    const [row] = await ctx.db.select().from(mails).where(eq(mails.id, id));
    expect(row!.status).toBe('sent');
    expect(row!.text_body).not.toContain(token);
    expect(row!.html_body).not.toContain(token);
  });

  it('sends a wholly optional mail with RFC 8058 one-click unsubscribe headers, and a transactional one without', async () => {
    const mailer = createMailer({ db: ctx.db, queue: undefined, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Uplift <hello@uplift.org.nz>', log: pino({ level: 'silent' }) });
    const oneClick = 'https://uplift.test/api/unsubscribe?token=abc.def';
    const before = received.length;
    const id = await mailer.send('donor@example.org', 'milestone', {
      subject: 'Halfway',
      greeting: 'Kia ora,',
      paragraphs: ['Halfway there.'],
      unsubscribe: { label: 'Stop milestone emails', url: 'https://uplift.test/unsubscribe?token=abc.def' },
      listUnsubscribe: oneClick,
    });
    const optional = received.slice(before).join('');
    expect(optional).toContain(`List-Unsubscribe: <${oneClick}>`);
    expect(optional).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const [row] = await ctx.db.select().from(mails).where(eq(mails.id, id));
    expect(row!.text_body).toContain('Stop milestone emails: https://uplift.test/unsubscribe?token=abc.def');
    expect(row!.list_unsubscribe).toBe(oneClick);
    const mark = received.length;
    await mailer.send('donor@example.org', 'payment-receipt', { subject: 'Receipt', greeting: 'Kia ora,', paragraphs: ['Thank you.'] });
    expect(received.slice(mark).join('')).not.toContain('List-Unsubscribe');
  });

  it('sends and records a subject as one line: a CR/LF, a tab or an override that got this far becomes a space', async () => {
    const mailer = createMailer({ db: ctx.db, queue: undefined, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Uplift <hello@uplift.org.nz>', log: pino({ level: 'silent' }) });
    const before = received.length;
    const id = await mailer.send('donor@example.org', 'news', { subject: 'Halfway\r\nBcc: everyone@example.org\t\u202Eyes', greeting: 'Kia ora,', paragraphs: ['Halfway there.'] });
    const [row] = await ctx.db.select().from(mails).where(eq(mails.id, id));
    expect(row!.subject).toBe('Halfway Bcc: everyone@example.org yes');
    const raw = received.slice(before).join('');
    expect(raw).toContain('Subject: Halfway Bcc: everyone@example.org yes');
    expect(raw).not.toMatch(/^Bcc:/im);
  });

  it('keeps the body of a mail without a token', async () => {
    const mailer = createMailer({ db: ctx.db, queue: undefined, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Uplift <hello@uplift.org.nz>', log: pino({ level: 'silent' }) });
    const id = await mailer.send('donor@example.org', 'pledge-cancelled', { subject: 'Cancelled', greeting: 'Kia ora,', paragraphs: ['3 payments cancelled.'] });
    const [row] = await ctx.db.select().from(mails).where(eq(mails.id, id));
    expect(row!.status).toBe('sent');
    expect(row!.text_body).toContain('3 payments cancelled.');
  });
});
