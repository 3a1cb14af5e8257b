// npm run billing -- --as-of YYYY-MM-DD
// Runs the billing job once, now, against the same database `npm start` uses (joining the
// running embedded PostgreSQL, or starting it for the run). Without --as-of, "due" means today
// in each campaign's country; with it, every payment dated on or before that day.
import { isIsoDate, todayInCountry } from '@uplift/core/calendar';
import { clockFor } from '../clock.ts';
import { runBilling } from '../modules/billing/index.ts';
import { createMailer } from '../modules/mail/index.ts';
import { createPaymentProvider } from '../modules/payments/index.ts';
import { mailAttachmentDrawer } from '../modules/pledges/index.ts';
import { openRuntime } from '../runtime.ts';
import { readCommandLine, runCli } from './run-cli.ts';

const USAGE = 'Usage: npm run billing -- [--as-of YYYY-MM-DD]';

async function main(): Promise<number> {
  const line = readCommandLine(USAGE, { 'as-of': { type: 'string' } });
  if (typeof line === 'number') return line;
  const { values } = line;
  const asOf = values['as-of'];
  if (asOf !== undefined && !isIsoDate(asOf)) {
    console.error(`--as-of: must be a real date in the form YYYY-MM-DD, not "${asOf}"\n${USAGE}`);
    return 2;
  }

  const runtime = await openRuntime({ pretty: false });
  try {
    const { config, db, log } = runtime;
    const clock = clockFor(config);
    // Real money: in production a date ahead of today (in the zone where it is latest) is refused.
    if (asOf && config.isProduction && asOf > todayInCountry('NZ', clock.now())) {
      console.error(`--as-of ${asOf} is in the future; in production billing only takes payments that are due.`);
      return 2;
    }
    // No queue here: mail is delivered during the run (or kept in the dev outbox), so the command
    // works whether or not the app is running; the final receipts' PDFs are then drawn in the run too.
    const mailer = createMailer({ db, queue: undefined, smtpUrl: config.smtpUrl, from: config.mailFrom, log, drawAttachment: mailAttachmentDrawer(config.receipt) });
    const report = await runBilling(
      { db, payments: createPaymentProvider(config, db), mailer, clock, log, appUrl: config.appUrl, receipt: config.receipt, mailLinks: config.mailLinks },
      { asOf },
    );
    const due = asOf ?? `today (NZ ${report.dueOn.NZ}, UK ${report.dueOn.UK})`;
    console.log(
      `Billing as of ${due}: ${report.succeeded} succeeded, ${report.failed} failed, ${report.cancelled} cancelled, ` +
        `${report.recovered} recovered from an earlier run, ${report.skipped} skipped, ${report.errors} errors; ` +
        `${report.cardExpiryMails} card-expiry ${report.cardExpiryMails === 1 ? 'mail' : 'mails'}.`,
    );
    if (report.errors > 0) {
      console.error('Some payments could not be settled; they keep their idempotency key and are looked up on the next run.');
      return 1;
    }
    return 0;
  } finally {
    await runtime.close();
  }
}

runCli('billing', main, {
  whenDatabaseAway: 'Payments it was charging keep their idempotency key and are looked up on the next run.',
});
