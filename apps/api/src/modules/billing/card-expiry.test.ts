import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardExpiryNotices, payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bill, createCampaign, createConfirmedPledge, fakeProvider, mailsTo, tokenFor } from './billing.test-support.ts';

// The card-expiry mail (docs/decisions/048): billing mails 7 days before the first
// payment a saved card cannot cover, by the campaign's date in its own zone, once per pledge and card.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

// Payments on Mondays 24 and 31 May, 7 and 14 June 2027; a card expiring 05/2027 cannot cover
// 7 June, so the mail is due on Monday 31 May in the campaign's zone.
const EXPIRES_MAY = { brand: 'visa', last4: '0005', exp_month: 5, exp_year: 2027 };

async function donorWithExpiringCard(country: CountryCode) {
  const campaign = await createCampaign(ctx.db, { country, billingStart: '2027-05-24', start: '2027-05-20', end: '2027-06-20' });
  return createConfirmedPledge(ctx.db, { campaignId: campaign.id, country, card: EXPIRES_MAY });
}

const expiryMails = async (email: string) => (await mailsTo(ctx.db, email)).filter((m) => m.kind === 'card-expiry');

describe.each([
  // Sunday 30 May 23:30 and Monday 31 May 00:30 in each zone (NZST is UTC+12, BST UTC+1).
  { country: 'NZ' as const, before: '2027-05-30T11:30:00Z', after: '2027-05-30T12:30:00Z' },
  { country: 'UK' as const, before: '2027-05-30T22:30:00Z', after: '2027-05-30T23:30:00Z' },
])('a card that expires before a payment ($country)', ({ country, before, after }) => {
  it('is mailed 7 days before the first payment it cannot cover, in the campaign zone, once', async () => {
    const donor = await donorWithExpiringCard(country);
    const provider = fakeProvider();

    ctx.clock.set(before); // 8 days before 7 June there
    await bill(ctx, provider);
    expect(await expiryMails(donor.user.email)).toEqual([]);

    ctx.clock.set(after); // 7 days before
    const report = await bill(ctx, provider);
    expect(report.cardExpiryMails).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await expiryMails(donor.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your card expires before your ${formatMoney(asMinor(1750), country)} payment to ${donor.recipient.recipient_name}`);
    expect(mail!.text_body).toContain('Visa card ending 0005 expires at the end of 05/2027');
    expect(mail!.text_body).toContain('on Monday 7 June 2027');
    expect(mail!.text_body).toContain(`${ctx.config.appUrl}/summary?card=change`);
    const notices = await ctx.db.select().from(cardExpiryNotices).where(eq(cardExpiryNotices.pledge_id, donor.pledge.id));
    expect(notices).toEqual([
      { pledge_id: donor.pledge.id, stripe_payment_method_id: donor.method.stripe_payment_method_id, payment_id: donor.payments[2]!.id, sent_at: new Date(after) },
    ]);

    // Later runs, that day and the next, and two workers at once: no second mail.
    await Promise.all([bill(ctx, provider), bill(ctx, provider)]);
    ctx.clock.set('2027-06-02T09:00:00Z');
    await bill(ctx, provider);
    expect(await expiryMails(donor.user.email)).toHaveLength(1);
  });
});

describe('the amount it names', () => {
  it('is what that payment will charge, fee cover included (decision 144)', async () => {
    const campaign = await createCampaign(ctx.db, { country: 'UK', billingStart: '2027-08-02', start: '2027-07-30', end: '2027-08-30' });
    const donor = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, country: 'UK', amount: 1600, card: { ...EXPIRES_MAY, exp_month: 7 } });
    await ctx.db.update(payments).set({ fee_cover: asMinor(68) }).where(eq(payments.pledge_id, donor.pledge.id));
    ctx.clock.set('2027-07-27T09:00:00Z'); // within 7 days of 2 August, which a card expiring 07/2027 cannot cover
    await bill(ctx, fakeProvider());
    const [mail] = await expiryMails(donor.user.email);
    expect(mail!.subject).toBe(`Your card expires before your £16.68 payment to ${donor.recipient.recipient_name}`);
    expect(mail!.text_body).toContain('your weekly payment of £16.68');
  });
});

describe('cards that are not mailed', () => {
  it('a card that covers every payment, and a cancelled pledge, get no mail', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2027-07-05', start: '2027-07-01', end: '2027-07-30' });
    const covered = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, card: { ...EXPIRES_MAY, exp_month: 7 } });
    const cancelled = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, card: { ...EXPIRES_MAY, exp_month: 6 } });
    await ctx.app.inject({ method: 'PUT', url: '/api/pledge/cancel', headers: { authorization: `Bearer ${await tokenFor(ctx, cancelled.user.id)}` } });
    ctx.clock.set('2027-07-10T00:00:00Z'); // within 7 days of 12 July and every later payment
    await bill(ctx, fakeProvider());
    expect(await expiryMails(covered.user.email)).toEqual([]);
    expect(await expiryMails(cancelled.user.email)).toEqual([]);
  });
});
