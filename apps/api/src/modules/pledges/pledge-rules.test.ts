import { asMinor } from '@uplift/core/money';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaignChallenges, campaignRecipients, campaigns, challenges, payments, pledges, recipients } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { call, createCampaign, createUser, referenceIds, saveTestCard, type TestUser } from '../payments/payments.test-support.ts';

// Pledge money and time rules through the API on the real database, pinned to docs/product-rules.md
// with literal figures (nothing here is computed by the code under test):
//   - product-rules §14: totals are rounded once; the payments split the total exactly, the
//     last one absorbing the rounding; months count as four weeks; a total under 10 is refused;
//     the server accepts a confirmed amount within one cent of its own figure.
//   - product-rules §4/§7: a pledge needs an open campaign with payment dates left, and a challenge and a
//     charity that campaign offers.
//
// The clock starts on Monday 23 Nov 2026 (22:00 in NZ). The main campaign bills on Wednesdays
// from 25 Nov: 25/11, 2/12, 9/12 and 16/12, and ends on 20 Dec.

const NZ_THU_26_NOV = '2026-11-26T09:00:00.000Z'; // 22:00 in NZ: three payment dates remain
const NZ_THU_17_DEC = '2026-12-17T09:00:00.000Z'; // every payment date has passed, campaign still open

const CLOSED = 'That campaign is not open for pledges';
const CLOSED_AT_CONFIRM = 'This campaign is no longer open to join';
const NO_PAYMENTS_LEFT = 'All of this campaign’s payment dates have passed';
const AT_LEAST_10 = 'Please ensure your pledge is at least $10';
const CHALLENGE_NOT_OFFERED = 'That challenge is not part of this campaign';
const CHARITY_NOT_OFFERED = 'That charity is not part of this campaign';
const CHALLENGE_DISABLED = 'That challenge is no longer taking pledges. Please choose another.';
const CHARITY_DISABLED = 'That charity is no longer taking pledges. Please choose another.';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof referenceIds>>;
let campaignId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ids = await referenceIds(ctx, 'NZ');
  campaignId = await createCampaign(ctx, { country: 'NZ', start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25' });
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  ctx.clock.set(TEST_NOW);
});

let fresh = 0;
/** A new NZ charity of this file's own, so disabling it touches no other test. */
async function newCharity(): Promise<number> {
  fresh += 1;
  const [row] = await ctx.db
    .insert(recipients)
    .values({
      slug: `rules-charity-${fresh}`,
      recipient_name: `Rules Charity ${fresh}`,
      logo: 'rules.svg',
      impact_cost: asMinor(500),
      impact_unit: 'meals',
      impact_unit_singular: 'meal',
      impact_description: 'a meal',
      description: 'A charity for the pledge rules',
      link: 'https://example.org',
      country: 'NZ',
    })
    .returning({ id: recipients.id });
  return row!.id;
}

/** A new challenge of this file's own. */
async function newChallenge(): Promise<number> {
  fresh += 1;
  const [row] = await ctx.db
    .insert(challenges)
    .values({
      slug: `rules-challenge-${fresh}`,
      name: `Rules Challenge ${fresh}`,
      landing_page_icon: 'coffee',
      icon: 'coffee',
      unit: 'cup',
      description: 'A challenge for the pledge rules',
      hashtag: '#rules',
      hashtag_link: 'https://example.org',
    })
    .returning({ id: challenges.id });
  return row!.id;
}

const disableCharity = (id: number) => ctx.db.update(recipients).set({ is_enabled: false }).where(eq(recipients.id, id));
const disableChallenge = (id: number) => ctx.db.update(challenges).set({ is_enabled: false }).where(eq(challenges.id, id));

type Figures = { number_of_units: number; cost_per_unit: number; confirmed_amount: number; period: 'weekly' | 'monthly' };

const pledgeBody = (figures: Figures, extra: Record<string, unknown> = {}) => ({
  campaign_id: campaignId,
  challenge_id: ids.challengeId,
  recipient_id: ids.recipientId,
  ...figures,
  ...extra,
});

async function donorWithCard(): Promise<{ user: TestUser; card: { id: number } }> {
  const user = await createUser(ctx);
  return { user, card: await saveTestCard(ctx, user) };
}

async function createPledge(user: TestUser, body: Record<string, unknown>) {
  const res = await call(ctx, 'POST', '/api/pledge', { token: user.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; confirmed_amount: number };
}

const confirm = (user: TestUser, card: { id: number }, extra: Record<string, unknown> = {}) =>
  call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id), ...extra } });

describe('a total that does not divide evenly splits into payments summing to it exactly', () => {
  async function confirmedPayments(figures: Figures) {
    const { user, card } = await donorWithCard();
    const pledge = await createPledge(user, pledgeBody(figures));
    const res = await confirm(user, card);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await ctx.db
      .select({ date: payments.processing_date, amount: payments.amount })
      .from(payments)
      .where(eq(payments.pledge_id, pledge.id))
      .orderBy(payments.processing_date);
    return { answer: res.json() as { confirmed_amount: number; payments: { processing_date: string; amount: number }[] }, stored };
  }

  it('70.01 over four weeks: 17.50, 17.50, 17.50 and 17.51', async () => {
    // A monthly habit of 70.01 counts as 70.01 over four weeks.
    const { answer, stored } = await confirmedPayments({ number_of_units: 1, cost_per_unit: 70.01, confirmed_amount: 70.01, period: 'monthly' });
    expect(answer.confirmed_amount).toBe(70.01);
    expect(answer.payments.map((p) => [p.processing_date, p.amount])).toEqual([
      ['2026-11-25', 17.5],
      ['2026-12-02', 17.5],
      ['2026-12-09', 17.5],
      ['2026-12-16', 17.51],
    ]);
    expect(stored.map((p) => p.amount)).toEqual([1750, 1750, 1750, 1751]);
  });

  it('10.00 over the three payment dates left: 3.33, 3.33 and 3.34', async () => {
    ctx.clock.set(NZ_THU_26_NOV);
    // 13.33 a month over three weeks: 13.33 × 3 ÷ 4 = 9.9975, rounded once to 10.00.
    const { answer, stored } = await confirmedPayments({ number_of_units: 1, cost_per_unit: 13.33, confirmed_amount: 10, period: 'monthly' });
    expect(answer.confirmed_amount).toBe(10);
    expect(answer.payments.map((p) => [p.processing_date, p.amount])).toEqual([
      ['2026-12-02', 3.33],
      ['2026-12-09', 3.33],
      ['2026-12-16', 3.34],
    ]);
    expect(stored.map((p) => p.amount)).toEqual([333, 333, 334]);
  });

  it('a monthly pledge of 7 × 3.33 (23.31): 5.83, 5.83, 5.83 and 5.82, the last one smaller', async () => {
    const { answer, stored } = await confirmedPayments({ number_of_units: 7, cost_per_unit: 3.33, confirmed_amount: 23.31, period: 'monthly' });
    expect(answer.confirmed_amount).toBe(23.31);
    expect(answer.payments.map((p) => p.amount)).toEqual([5.83, 5.83, 5.83, 5.82]);
    expect(stored.map((p) => p.amount)).toEqual([583, 583, 583, 582]);
  });
});

describe('the one-cent tolerance on confirmed_amount', () => {
  // 5 coffees a week at 3.50 over four weeks: 70.00 (product-rules §9).
  const coffees = (confirmed: number): Figures => ({ number_of_units: 5, cost_per_unit: 3.5, confirmed_amount: confirmed, period: 'weekly' });
  const MISMATCH_AT_CREATE = 'The pledge total does not match its figures. Please recalculate your pledge.';

  it.each([70.01, 69.99])('accepts %s for a 70.00 pledge and keeps the server’s 70.00', async (confirmed) => {
    const user = await createUser(ctx);
    const pledge = await createPledge(user, pledgeBody(coffees(confirmed)));
    expect(pledge.confirmed_amount).toBe(70);
    const [row] = await ctx.db.select({ total: pledges.confirmed_amount }).from(pledges).where(eq(pledges.id, pledge.id));
    expect(row!.total).toBe(7000);
  });

  it.each([70.02, 69.98])('refuses %s for a 70.00 pledge with 400 and the message', async (confirmed) => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: pledgeBody(coffees(confirmed)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MISMATCH_AT_CREATE);
  });

  it.each([70.01, 69.99])('at confirmation, accepts a shown total of %s and charges the server’s 70.00', async (shown) => {
    const { user, card } = await donorWithCard();
    await createPledge(user, pledgeBody(coffees(70)));
    const res = await confirm(user, card, { confirmed_amount: shown });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().confirmed_amount).toBe(70);
    expect(res.json().payments.map((p: { amount: number }) => p.amount)).toEqual([17.5, 17.5, 17.5, 17.5]);
  });

  it.each([70.02, 69.98])('at confirmation, refuses a shown total of %s with 400 and creates no payment', async (shown) => {
    const { user, card } = await donorWithCard();
    const pledge = await createPledge(user, pledgeBody(coffees(70)));
    const res = await confirm(user, card, { confirmed_amount: shown });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The confirmed amount does not match the pledge');
    expect(await ctx.db.select().from(payments).where(eq(payments.pledge_id, pledge.id))).toEqual([]);
    const [row] = await ctx.db.select({ status: pledges.pledge_status }).from(pledges).where(eq(pledges.id, pledge.id));
    expect(row!.status).toBe('Pending');
  });
});

describe('refusals when the pledge is made', () => {
  const twoFives: Figures = { number_of_units: 2, cost_per_unit: 5, confirmed_amount: 40, period: 'weekly' };

  async function refusedAtCreate(body: Record<string, unknown>) {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/pledge', { token: user.token, body });
    expect(res.statusCode).toBe(400);
    return res.json() as { code: string; message: string };
  }

  it('a campaign that does not exist', async () => {
    expect(await refusedAtCreate(pledgeBody(twoFives, { campaign_id: 999_999 }))).toEqual({
      code: 'pledge.campaign_not_found',
      message: 'That campaign does not exist',
    });
  });

  it('a total above 10,000.00 (exactly 10,000.00 is accepted)', async () => {
    // 1 × 2,500.00 a week over four weeks.
    const user = await createUser(ctx);
    await createPledge(user, pledgeBody({ number_of_units: 1, cost_per_unit: 2500, confirmed_amount: 10_000, period: 'weekly' }));
    const over = await refusedAtCreate(pledgeBody({ number_of_units: 1, cost_per_unit: 2500.01, confirmed_amount: 10_000.04, period: 'weekly' }));
    expect(over.code).toBe('pledge.above_maximum');
    expect(over.message).toContain('$10,000.00');
  });

  it('an inactive campaign', async () => {
    const inactive = await createCampaign(ctx, { start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25', active: false });
    expect(await refusedAtCreate(pledgeBody(twoFives, { campaign_id: inactive }))).toEqual({ code: 'pledge.campaign_closed', message: CLOSED });
  });

  it('a campaign that has ended (its end date was yesterday)', async () => {
    const ended = await createCampaign(ctx, { start: '2026-10-20', end: '2026-11-22', billing: '2026-10-22' });
    expect(await refusedAtCreate(pledgeBody(twoFives, { campaign_id: ended }))).toEqual({ code: 'pledge.campaign_closed', message: CLOSED });
  });

  it('a campaign whose payment dates have all passed', async () => {
    // Billing 20/10: 20/10, 27/10, 3/11, 10/11, all before today; the campaign itself runs to 30/11.
    const late = await createCampaign(ctx, { start: '2026-10-15', end: '2026-11-30', billing: '2026-10-20' });
    expect(await refusedAtCreate(pledgeBody(twoFives, { campaign_id: late }))).toEqual({ code: 'pledge.no_payments_left', message: NO_PAYMENTS_LEFT });
  });

  it('a challenge the campaign does not offer', async () => {
    const narrow = await createCampaign(ctx, { start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25' });
    const [other] = await ctx.db.select({ id: challenges.id }).from(challenges).where(eq(challenges.slug, 'lunches'));
    expect(other, 'the seeded lunches challenge').toBeDefined();
    await ctx.db.insert(campaignChallenges).values({ campaign_id: narrow, challenge_id: other!.id });
    expect(await refusedAtCreate(pledgeBody(twoFives, { campaign_id: narrow }))).toEqual({ code: 'pledge.challenge_not_offered', message: CHALLENGE_NOT_OFFERED });
    // The challenge it does offer is accepted.
    const user = await createUser(ctx);
    await createPledge(user, pledgeBody(twoFives, { campaign_id: narrow, challenge_id: other!.id }));
  });

  it('a charity the campaign does not offer', async () => {
    const narrow = await createCampaign(ctx, { start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25' });
    const nz = await ctx.db.select({ id: recipients.id }).from(recipients).where(eq(recipients.country, 'NZ')).orderBy(recipients.id);
    const offered = nz.find((r) => r.id !== ids.recipientId)!;
    await ctx.db.insert(campaignRecipients).values({ campaign_id: narrow, recipient_id: offered.id });
    expect(await refusedAtCreate(pledgeBody(twoFives, { campaign_id: narrow }))).toEqual({ code: 'pledge.recipient_not_offered', message: CHARITY_NOT_OFFERED });
    const user = await createUser(ctx);
    await createPledge(user, pledgeBody(twoFives, { campaign_id: narrow, recipient_id: offered.id }));
  });

  it('a disabled charity (the campaign offers every charity)', async () => {
    const charity = await newCharity();
    await disableCharity(charity);
    expect(await refusedAtCreate(pledgeBody(twoFives, { recipient_id: charity }))).toEqual({ code: 'pledge.recipient_disabled', message: CHARITY_DISABLED });
  });

  it('a disabled challenge (the campaign offers every challenge)', async () => {
    const challenge = await newChallenge();
    await disableChallenge(challenge);
    expect(await refusedAtCreate(pledgeBody(twoFives, { challenge_id: challenge }))).toEqual({ code: 'pledge.challenge_disabled', message: CHALLENGE_DISABLED });
  });

  it('a total under 10 because a payment date has passed (3.00 a week: 12.00 on Monday, 9.00 on Thursday)', async () => {
    const user = await createUser(ctx);
    await createPledge(user, pledgeBody({ number_of_units: 1, cost_per_unit: 3, confirmed_amount: 12, period: 'weekly' }));
    await call(ctx, 'DELETE', '/api/pledge/delete', { token: user.token });
    ctx.clock.set(NZ_THU_26_NOV);
    expect(await refusedAtCreate(pledgeBody({ number_of_units: 1, cost_per_unit: 3, confirmed_amount: 9, period: 'weekly' }))).toEqual({ code: 'pledge.below_minimum', message: AT_LEAST_10 });
  });
});

describe('refusals when the pledge is confirmed', () => {
  const twoFives: Figures = { number_of_units: 2, cost_per_unit: 5, confirmed_amount: 40, period: 'weekly' };

  async function pendingOn(campaign: number, figures: Figures = twoFives) {
    const { user, card } = await donorWithCard();
    const pledge = await createPledge(user, pledgeBody(figures, { campaign_id: campaign }));
    return { user, card, pledge };
  }

  async function expectStillPending(pledgeId: number) {
    const [row] = await ctx.db.select({ status: pledges.pledge_status }).from(pledges).where(eq(pledges.id, pledgeId));
    expect(row!.status).toBe('Pending');
    expect(await ctx.db.select().from(payments).where(eq(payments.pledge_id, pledgeId))).toEqual([]);
  }

  it('the campaign was made inactive since', async () => {
    const campaign = await createCampaign(ctx, { start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25' });
    const { user, card, pledge } = await pendingOn(campaign);
    await ctx.db.update(campaigns).set({ is_active: false }).where(eq(campaigns.id, campaign));
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pledge.campaign_closed', message: CLOSED_AT_CONFIRM });
    await expectStillPending(pledge.id);
  });

  it('the campaign has ended since', async () => {
    // Billing 18/11: 25/11, 2/12 and 9/12 remain on Monday 23/11; it ends on 25/11.
    const campaign = await createCampaign(ctx, { start: '2026-11-16', end: '2026-11-25', billing: '2026-11-18' });
    const { user, card, pledge } = await pendingOn(campaign, { ...twoFives, confirmed_amount: 30 });
    ctx.clock.set(NZ_THU_26_NOV);
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pledge.campaign_closed', message: CLOSED_AT_CONFIRM });
    await expectStillPending(pledge.id);
  });

  it('the charity was disabled since', async () => {
    const charity = await newCharity();
    const { user, card } = await donorWithCard();
    const pledge = await createPledge(user, pledgeBody(twoFives, { recipient_id: charity }));
    await disableCharity(charity);
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pledge.recipient_disabled', message: CHARITY_DISABLED });
    await expectStillPending(pledge.id);
  });

  it('the challenge was disabled since', async () => {
    const challenge = await newChallenge();
    const { user, card } = await donorWithCard();
    const pledge = await createPledge(user, pledgeBody(twoFives, { challenge_id: challenge }));
    await disableChallenge(challenge);
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pledge.challenge_disabled', message: CHALLENGE_DISABLED });
    await expectStillPending(pledge.id);
  });

  it('the campaign no longer offers the charity (it was narrowed to another since)', async () => {
    const campaign = await createCampaign(ctx, { start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25' });
    const { user, card, pledge } = await pendingOn(campaign);
    await ctx.db.insert(campaignRecipients).values({ campaign_id: campaign, recipient_id: await newCharity() });
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pledge.recipient_not_offered', message: CHARITY_NOT_OFFERED });
    await expectStillPending(pledge.id);
  });

  it('the campaign no longer offers the challenge (it was narrowed to another since)', async () => {
    const campaign = await createCampaign(ctx, { start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25' });
    const { user, card, pledge } = await pendingOn(campaign);
    await ctx.db.insert(campaignChallenges).values({ campaign_id: campaign, challenge_id: await newChallenge() });
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pledge.challenge_not_offered', message: CHALLENGE_NOT_OFFERED });
    await expectStillPending(pledge.id);
  });

  it('every payment date has passed since (the campaign is still open)', async () => {
    const { user, card, pledge } = await pendingOn(campaignId);
    ctx.clock.set(NZ_THU_17_DEC);
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pledge.no_payments_left', message: NO_PAYMENTS_LEFT });
    await expectStillPending(pledge.id);
  });

  it('the total has fallen under 10 because a payment date has passed', async () => {
    const { user, card, pledge } = await pendingOn(campaignId, { number_of_units: 1, cost_per_unit: 3, confirmed_amount: 12, period: 'weekly' });
    ctx.clock.set(NZ_THU_26_NOV);
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'pledge.below_minimum', message: AT_LEAST_10 });
    await expectStillPending(pledge.id);
  });

  it('the total has changed because a payment date has passed: 409 with the new total', async () => {
    // 5 × 3.50 a week: 70.00 over four weeks on Monday, 52.50 over three on Thursday.
    const { user, card, pledge } = await pendingOn(campaignId, { number_of_units: 5, cost_per_unit: 3.5, confirmed_amount: 70, period: 'weekly' });
    ctx.clock.set(NZ_THU_26_NOV);
    const res = await confirm(user, card);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A payment date has passed since you made your pledge, so its total is now $52.50. Please check it and confirm again.',
    );
    await expectStillPending(pledge.id);
    // Confirming the new total goes through: three payments of 17.50.
    const again = await confirm(user, card, { confirmed_amount: 52.5 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().payments.map((p: { amount: number }) => p.amount)).toEqual([17.5, 17.5, 17.5]);
  });
});
