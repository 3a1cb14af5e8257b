import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments, testProviderCharges } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createTestProvider } from '../payments/test-provider.ts';
import { createCampaign, createConfirmedPledge, createDonor, createManyDuePayments, mailsTo, paymentRows, SLOW_ON_A_BUSY_MACHINE } from './billing.test-support.ts';


// `npm run billing -- --as-of …` as a real process on a real database, charging through the
// built-in test provider, whose own ledger of charges (test_provider_charges) is the proof.

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const CLI = 'apps/api/src/cli/billing.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx?.close();
});

function startCli(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: ctx.databaseUrl, LOG_LEVEL: 'warn', SMTP_URL: '', STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

const runCli = (args: string[]) => startCli(args).done;

/** A donor whose card is saved with the test provider, as the card form would save it. */
async function donorWithTestCard(campaignId: number, number: string) {
  const provider = createTestProvider(ctx.db);
  const user = await createDonor(ctx.db, { customerId: `cus_test_${Math.random().toString(36).slice(2)}` });
  const secret = await provider.createSetupSecret(user.stripe_customer_id!);
  const saved = await provider.confirmSetup({
    customerId: user.stripe_customer_id!,
    clientSecret: secret,
    card: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    now: ctx.clock.now(),
  });
  return createConfirmedPledge(ctx.db, { campaignId, user, providerMethodId: saved.payment_method });
}

async function ledger() {
  return ctx.db.select().from(testProviderCharges);
}

/** Saved test cards (that always succeed) for the bulk donors of createManyDuePayments. */
async function saveBulkCards() {
  await ctx.db.execute(sql`
    insert into test_provider_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behaviour)
    select stripe_payment_method_id, substr(stripe_payment_method_id, 9), 'visa', '4242', 12, 2030, 'succeeds'
    from payments`);
}

async function expectEachPaymentChargedOnce(count: number) {
  const rows = await ctx.db.select().from(payments);
  const charges = await ledger();
  expect(rows).toHaveLength(count);
  expect(rows.every((p) => p.payment_status === 'Success')).toBe(true);
  expect(charges).toHaveLength(count);
  const chargedPayments = charges.map((c) => c.metadata.payment_id);
  expect(new Set(chargedPayments).size).toBe(count);
  const keyOf = new Map(rows.map((p) => [String(p.id), p.idempotency_key]));
  for (const charge of charges) expect(charge.idempotency_key).toBe(keyOf.get(charge.metadata.payment_id!));
  expect(charges.every((c) => c.status === 'succeeded')).toBe(true);
}

describe('npm run billing -- --as-of', () => {
  it('charges what is due on that date, once, with receipts and failure mails', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    const good = await donorWithTestCard(campaign.id, '4242 4242 4242 4242');
    const declining = await donorWithTestCard(campaign.id, '4000 0000 0000 0341');

    const first = await runCli(['--as-of', '2026-11-23']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Billing as of 2026-11-23: 1 succeeded, 1 failed, 0 cancelled');
    expect((await paymentRows(ctx.db, good.pledge.id)).map((p) => p.payment_status)).toEqual(['Success', 'Pending', 'Pending', 'Pending']);
    expect((await paymentRows(ctx.db, declining.pledge.id)).map((p) => p.payment_status)).toEqual(['Failed', 'Pending', 'Pending', 'Pending']);
    expect(await ledger()).toHaveLength(2);
    expect((await mailsTo(ctx.db, good.user.email)).map((m) => m.kind)).toEqual(['payment-receipt']);
    const [failedMail] = await mailsTo(ctx.db, declining.user.email);
    expect(failedMail!.kind).toBe('payment-failed');
    expect(failedMail!.text_body).toContain('What happened: Your bank declined this payment.');

    const repeat = await runCli(['--as-of', '2026-11-23']);
    expect(repeat.code).toBe(0);
    expect(repeat.stdout).toContain('0 succeeded, 0 failed');
    expect(await ledger()).toHaveLength(2);

    const nextWeek = await runCli(['--as-of', '2026-11-30']);
    expect(nextWeek.stdout).toContain('1 succeeded, 1 failed');
    expect((await paymentRows(ctx.db, good.pledge.id)).map((p) => p.payment_status)).toEqual(['Success', 'Success', 'Pending', 'Pending']);
    expect(await ledger()).toHaveLength(4);
  });

  it('refuses a date that is not a real YYYY-MM-DD date', async () => {
    const result = await runCli(['--as-of', '2026-02-30']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--as-of: must be a real date in the form YYYY-MM-DD');
  });

  it('two billing processes started at once over 1,000 due payments charge each exactly once', async () => {
    const campaign = await createCampaign(ctx.db);
    await createManyDuePayments(ctx.db, { campaignId: campaign.id, count: 1000, date: '2026-11-23' });
    await saveBulkCards();

    const [a, b] = await Promise.all([runCli(['--as-of', '2026-11-23']), runCli(['--as-of', '2026-11-23'])]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const succeeded = [a, b].map((r) => Number(/(\d+) succeeded/.exec(r.stdout)![1]));
    expect(succeeded[0]! + succeeded[1]!).toBe(1000);
    await expectEachPaymentChargedOnce(1000);
  }, SLOW_ON_A_BUSY_MACHINE);

  it('a run killed (SIGKILL) mid-way and started again leaves no payment charged twice or lost', async () => {
    const campaign = await createCampaign(ctx.db);
    await createManyDuePayments(ctx.db, { campaignId: campaign.id, count: 1000, date: '2026-11-23' });
    await saveBulkCards();

    const { child, done } = startCli(['--as-of', '2026-11-23']);
    // Kill it once it is well under way.
    await expect
      .poll(async () => (await ledger()).length, { timeout: 60_000, interval: 20 })
      .toBeGreaterThanOrEqual(100);
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');
    const pendingAfterKill = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.payment_status, 'Pending'));
    expect(pendingAfterKill.length).toBeGreaterThan(0); // it really stopped part-way

    const restart = await runCli(['--as-of', '2026-11-23']);
    expect(restart.code).toBe(0);
    await expectEachPaymentChargedOnce(1000);
  }, SLOW_ON_A_BUSY_MACHINE);
});
