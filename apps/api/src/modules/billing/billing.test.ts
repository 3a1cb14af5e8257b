import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  bill,
  createCampaign,
  createConfirmedPledge,
  fakeProvider,
  mailsTo,
  paymentRows,
  tokenFor,
} from './billing.test-support.ts';

// The clock stands at Monday 2026-11-23 09:00 UTC: 22:00 that day in Auckland, 09:00 in London.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('weekly billing on a real database', () => {
  it('charges the payment due today, once; a repeated run charges nothing; a week later the second one', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    const { user, pledge, recipient } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    const provider = fakeProvider();

    const first = await bill(ctx, provider);
    expect(first.dueOn).toEqual({ NZ: '2026-11-23', UK: '2026-11-23' });
    let rows = await paymentRows(ctx.db, pledge.id);
    expect(rows.map((p) => p.payment_status)).toEqual(['Success', 'Pending', 'Pending', 'Pending']);
    expect(rows[0]).toMatchObject({ idempotency_key: `payment-${rows[0]!.id}-attempt-1`, attempts: 1, failure_reason: null });
    expect(rows[0]!.provider_reference).toBe(`pi_fake_payment-${rows[0]!.id}-attempt-1`);
    expect(rows[0]!.settled_at).not.toBeNull();
    expect(provider.calls).toHaveLength(1);
    expect(provider.calls[0]).toMatchObject({
      customerId: user.stripe_customer_id,
      paymentMethodId: rows[0]!.stripe_payment_method_id,
      amountMinor: 1750,
      currency: 'NZD',
      idempotencyKey: rows[0]!.idempotency_key,
    });

    const receipts = await mailsTo(ctx.db, user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.kind).toBe('payment-receipt');
    expect(receipts[0]!.subject).toBe(`Receipt: your $17.50 payment to ${recipient.recipient_name}`);
    expect(receipts[0]!.text_body).toContain('Date: Monday 23 November 2026');
    expect(receipts[0]!.text_body).toContain(`Charity: ${recipient.recipient_name}`);
    expect(receipts[0]!.text_body).toContain('Given so far: $17.50 of $70.00');
    expect(receipts[0]!.text_body).toContain('Payment: 1 of 4');

    const again = await bill(ctx, provider);
    expect(again).toMatchObject({ succeeded: 0, failed: 0, errors: 0 });
    expect(provider.calls).toHaveLength(1);

    await bill(ctx, provider, { asOf: '2026-11-30' });
    rows = await paymentRows(ctx.db, pledge.id);
    expect(rows.map((p) => p.payment_status)).toEqual(['Success', 'Success', 'Pending', 'Pending']);
    expect(provider.calls).toHaveLength(2);
    const second = (await mailsTo(ctx.db, user.email)).at(-1)!;
    expect(second.text_body).toContain('Given so far: $35.00 of $70.00');
    expect(second.text_body).toContain('Date: Monday 30 November 2026');
  });

  it("counts a date as due in the campaign's own time zone", async () => {
    // 2026-11-23 12:00 UTC is already the 24th in Auckland (01:00) but still the 23rd in London.
    ctx.clock.set('2026-11-23T12:00:00Z');
    try {
      const nz = await createCampaign(ctx.db, { country: 'NZ', billingStart: '2026-11-24' });
      const uk = await createCampaign(ctx.db, { country: 'UK', billingStart: '2026-11-24' });
      const nzPledge = await createConfirmedPledge(ctx.db, { campaignId: nz.id, country: 'NZ' });
      const ukPledge = await createConfirmedPledge(ctx.db, { campaignId: uk.id, country: 'UK' });
      const provider = fakeProvider();

      const report = await bill(ctx, provider);
      expect(report.dueOn).toEqual({ NZ: '2026-11-24', UK: '2026-11-23' });
      expect((await paymentRows(ctx.db, nzPledge.pledge.id))[0]!.payment_status).toBe('Success');
      expect((await paymentRows(ctx.db, ukPledge.pledge.id))[0]!.payment_status).toBe('Pending');
      expect(provider.calls.map((c) => c.currency)).toEqual(['NZD']);
    } finally {
      ctx.clock.set('2026-11-23T09:00:00Z');
    }
  });

  it('marks a hard decline Failed with its code, mails the donor a link to act, and does not try again', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const provider = fakeProvider({ answer: () => ({ status: 'declined', reference: 'pi_declined', code: 'expired_card' }) });

    const report = await bill(ctx, provider);
    expect(report).toMatchObject({ failed: 1, succeeded: 0, errors: 0 });
    const rows = await paymentRows(ctx.db, pledge.id);
    expect(rows[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'expired_card', provider_reference: 'pi_declined', next_retry_date: null });
    expect(rows.slice(1).map((p) => p.payment_status)).toEqual(['Pending', 'Pending', 'Pending']);

    const [mail] = await mailsTo(ctx.db, user.email);
    expect(mail!.kind).toBe('payment-failed');
    expect(mail!.subject).toContain('did not go through');
    expect(mail!.text_body).toContain('What happened: Your card has expired.');
    expect(mail!.text_body).toContain('add another card');
    expect(mail!.text_body).toContain(`http://localhost:3000/summary?pay=${rows[0]!.id}`);
    expect(mail!.text_body).toContain('We will not try this payment again on our own.');

    await bill(ctx, provider);
    expect(provider.calls).toHaveLength(1);
  });

  it('fails a card that needs authentication with what to do, and never retries it blindly', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const provider = fakeProvider({
      answer: () => ({ status: 'requires_action', reference: 'pi_3ds', code: 'authentication_required', clientSecret: 'pi_3ds_secret' }),
    });

    await bill(ctx, provider);
    await bill(ctx, provider);
    const [first] = await paymentRows(ctx.db, pledge.id);
    expect(first).toMatchObject({ payment_status: 'Failed', failure_reason: 'authentication_required', next_retry_date: null });
    expect(provider.calls).toHaveLength(1);
    const [mail] = await mailsTo(ctx.db, user.email);
    expect(mail!.subject).toContain('Your bank wants to confirm');
    expect(mail!.text_body).toContain('confirm it is really you');
    expect(mail!.text_body).toContain(`/summary?pay=${first!.id}`);
  });

  it('charges nothing for a cancelled pledge', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const cancel = await ctx.app.inject({
      method: 'PUT',
      url: '/api/pledge/cancel',
      headers: { authorization: `Bearer ${await tokenFor(ctx, user.id)}` },
    });
    expect(cancel.statusCode).toBe(200);

    const provider = fakeProvider();
    await bill(ctx, provider, { asOf: '2026-12-31' });
    expect(provider.calls.filter((c) => c.metadata.pledge_id === String(pledge.id))).toHaveLength(0);
    expect((await paymentRows(ctx.db, pledge.id)).map((p) => p.payment_status)).toEqual(['Cancelled', 'Cancelled', 'Cancelled', 'Cancelled']);
  });

  it('fails a payment that has no saved card without calling the provider', async () => {
    const campaign = await createCampaign(ctx.db);
    const { pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    await ctx.db.update(payments).set({ stripe_payment_method_id: null }).where(eq(payments.pledge_id, pledge.id));
    const provider = fakeProvider();
    await bill(ctx, provider);
    expect(provider.calls).toHaveLength(0);
    expect((await paymentRows(ctx.db, pledge.id))[0]).toMatchObject({ payment_status: 'Failed' });
  });

  it('sends one receipt when the webhook recorded the success a moment before the job did', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const provider = fakeProvider({
      afterRecord: async (request) => {
        // payment_intent.succeeded handled between the provider's answer and the job's commit.
        await ctx.db
          .update(payments)
          .set({ payment_status: 'Success', provider_reference: `pi_fake_${request.idempotencyKey}`, settled_at: new Date() })
          .where(eq(payments.idempotency_key, request.idempotencyKey));
      },
    });
    const report = await bill(ctx, provider);
    expect(report.succeeded).toBe(1);
    expect((await paymentRows(ctx.db, pledge.id))[0]!.payment_status).toBe('Success');
    expect((await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'payment-receipt')).toHaveLength(1);
  });
});
