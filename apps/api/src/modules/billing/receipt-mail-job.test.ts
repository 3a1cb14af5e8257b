import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mails, users } from '../../db/schema.ts';
import { startQueue, type Queue } from '../../queue/queue.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { pdfText } from '../account/account.test-support.ts';
import { createMailer, SEND_MAIL_JOB, type Mailer } from '../mail/index.ts';
import { mailAttachmentDrawer } from '../pledges/index.ts';
import { runBilling } from './billing.service.ts';
import { createCampaign, createConfirmedPledge, fakeProvider, mailsTo } from './billing.test-support.ts';

// The final payment's PDF receipt is drawn by the mail job when it sends, never in the billing run
// (docs/decisions/128): the run records what is needed to draw it; the sender draws it once, keeps
// the bytes before it tries to send (so a retry sends the same receipt), and holds the mail's row
// while it sends (so two workers never both send it).

const silent = pino({ level: 'silent' });
let ctx: TestContext;
let queue: Queue;
let server: SMTPServer;
let port: number;
/** Raw messages the SMTP server accepted. */
const received: string[] = [];
/** How many of the next messages the server refuses (a failing SMTP relay). */
let refuseNext = 0;
/** How long the server takes over each message (so two senders overlap). */
let holdMs = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await startQueue(ctx.databaseUrl, silent, { schedule: false });
  await queue.createQueue(SEND_MAIL_JOB);
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        setTimeout(() => {
          if (refuseNext > 0) {
            refuseNext -= 1;
            callback(Object.assign(new Error('451 try again later'), { responseCode: 451 }));
            return;
          }
          received.push(raw);
          callback();
        }, holdMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await queue?.stop({ graceful: false, timeout: 1000 });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx?.close();
});
beforeEach(() => {
  received.length = 0;
  refuseNext = 0;
  holdMs = 0;
});

/** The app's mailer as production builds it: a queue, SMTP, and the pledges module's drawer. */
function productionMailer(): Mailer {
  return createMailer({
    db: ctx.db,
    queue,
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    from: 'Uplift <hello@uplift.org.nz>',
    log: silent,
    drawAttachment: mailAttachmentDrawer(ctx.config.receipt),
  });
}

/** Bills the final week of a new four-week pledge with `mailer`; answers the donor and the final receipt mail's row. */
async function billFinalWeek(mailer: Mailer) {
  const campaign = await createCampaign(ctx.db, { country: 'NZ', billingStart: '2026-10-26', start: '2026-10-20', end: '2026-11-25' });
  const { user, pledge, payments } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
  const report = await runBilling(
    { db: ctx.db, payments: fakeProvider(), mailer, clock: ctx.clock, log: silent, appUrl: ctx.config.appUrl, receipt: ctx.config.receipt, mailLinks: ctx.config.mailLinks },
    { asOf: '2026-11-23' },
  );
  expect(report.succeeded).toBe(4);
  const receipts = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'payment-receipt');
  expect(receipts).toHaveLength(4);
  const final = receipts.find((m) => m.text_body.includes('4 of 4'))!;
  return { user, pledge, finalPayment: payments[3]!, final, receipts };
}

async function mailRow(id: number) {
  const [row] = await ctx.db.select().from(mails).where(eq(mails.id, id));
  return row!;
}

async function queuedSendJobs(mailId: number): Promise<number> {
  const rows = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${SEND_MAIL_JOB} and (data->>'mailId')::int = ${mailId}`,
  );
  return rows.rows[0]!.n;
}

describe('the final receipt mail’s PDF', () => {
  it('is not drawn by the billing run: the outbox row describes it (pledge, payment, issue time) and holds no bytes', async () => {
    const { pledge, finalPayment, final, receipts } = await billFinalWeek(productionMailer());

    // Every receipt mail of the run is queued for the mail job; none carries a file yet.
    expect(receipts.every((m) => m.status === 'queued' && m.attachments === null)).toBe(true);
    expect(final.attachments_to_draw).toEqual([
      { draw: 'pledge-receipt', pledgeId: pledge.id, paymentId: finalPayment.id, issuedAt: ctx.clock.now().toISOString() },
    ]);
    expect(receipts.filter((m) => m.attachments_to_draw !== null)).toHaveLength(1);
    expect(await queuedSendJobs(final.id)).toBe(1);
    expect(received).toHaveLength(0);
  });

  it('is drawn by the sender when it sends, and the mail goes with it', async () => {
    const mailer = productionMailer();
    const { pledge, final } = await billFinalWeek(mailer);

    await mailer.deliver(final.id);

    expect(received).toHaveLength(1);
    const sent = await simpleParser(received[0]!);
    expect(sent.subject).toBe(final.subject);
    expect(sent.attachments).toHaveLength(1);
    expect(sent.attachments[0]!.filename).toBe(`uplift-receipt-pledge-${pledge.id}.pdf`);
    expect(sent.attachments[0]!.contentType).toBe('application/pdf');
    const text = await pdfText(sent.attachments[0]!.content);
    expect(text).toContain('$70.00 NZD');
    expect(text).toContain('23 November 2026'); // issued when the payment settled
    const row = await mailRow(final.id);
    expect(row.status).toBe('sent');
    expect(row.attachments_to_draw).toBeNull();
    expect(Buffer.from(row.attachments![0]!.content, 'base64').equals(sent.attachments[0]!.content)).toBe(true);
  });

  it('sent by two workers at once goes once', async () => {
    const mailer = productionMailer();
    const other = productionMailer(); // another app instance's worker, given the same job
    const { final } = await billFinalWeek(mailer);
    holdMs = 300; // the first send is still in flight when the second worker starts

    await Promise.all([mailer.deliver(final.id), other.deliver(final.id)]);
    await mailer.deliver(final.id); // and a late retry of the job after it was sent

    expect(received).toHaveLength(1);
    expect((await simpleParser(received[0]!)).attachments).toHaveLength(1);
    expect((await mailRow(final.id)).status).toBe('sent');
  });

  it('is drawn once: a send retried after an SMTP failure sends the very same receipt', async () => {
    const mailer = productionMailer();
    const { user, final } = await billFinalWeek(mailer);
    refuseNext = 1;

    await expect(mailer.deliver(final.id)).rejects.toThrow();
    const afterFailure = await mailRow(final.id);
    expect(afterFailure.status).toBe('retrying');
    expect(afterFailure.attachments_to_draw).toBeNull();
    expect(afterFailure.attachments).toHaveLength(1);
    const kept = Buffer.from(afterFailure.attachments![0]!.content, 'base64');
    expect(await pdfText(kept)).toContain('Aroha Donor');

    // The donor corrects their name before the retry: the receipt already issued does not change.
    await ctx.db.update(users).set({ first_name: 'Mere' }).where(eq(users.id, user.id));
    await mailer.deliver(final.id);

    expect(received).toHaveLength(1);
    const pdf = (await simpleParser(received[0]!)).attachments[0]!.content;
    expect(pdf.equals(kept)).toBe(true);
    expect((await mailRow(final.id)).status).toBe('sent');
  });

  it('a drawing that fails leaves the mail to be drawn and sent on the retry', async () => {
    const drawer = mailAttachmentDrawer(ctx.config.receipt);
    let failures = 1;
    const mailer = createMailer({
      db: ctx.db,
      queue,
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Uplift <hello@uplift.org.nz>',
      log: silent,
      drawAttachment: async (what, db) => {
        if (failures > 0) {
          failures -= 1;
          await db.execute(sql`select 1 / 0`); // a database error in the middle of the drawing
        }
        return drawer(what, db);
      },
    });
    const { final } = await billFinalWeek(mailer);

    await expect(mailer.deliver(final.id)).rejects.toThrow(/select 1 \/ 0/);
    const failed = await mailRow(final.id);
    expect(failed).toMatchObject({ status: 'retrying', attachments: null, attachments_to_draw: final.attachments_to_draw });
    expect(failed.error).toMatch(/select 1 \/ 0/);
    expect(received).toHaveLength(0);

    await mailer.deliver(final.id);
    expect(received).toHaveLength(1);
    expect((await simpleParser(received[0]!)).attachments).toHaveLength(1);
  });

  it('without SMTP, the dev outbox keeps the drawn PDF once the mail job has run', async () => {
    const mailer = createMailer({
      db: ctx.db,
      queue,
      smtpUrl: undefined,
      from: 'Uplift <hello@uplift.org.nz>',
      log: silent,
      drawAttachment: mailAttachmentDrawer(ctx.config.receipt),
    });
    const { final } = await billFinalWeek(mailer);
    expect(final.attachments).toBeNull();

    await mailer.deliver(final.id);

    const row = await mailRow(final.id);
    expect(row.status).toBe('outbox');
    expect(row.attachments![0]!.contentType).toBe('application/pdf');
    expect(await pdfText(Buffer.from(row.attachments![0]!.content, 'base64'))).toContain('$70.00 NZD');
  });
});
