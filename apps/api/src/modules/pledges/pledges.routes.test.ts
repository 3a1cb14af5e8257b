import { asMinor } from '@uplift/core/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, payments, paymentMethods, pledges } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { call, createCampaign, createUser, referenceIds, saveTestCard, type TestUser } from '../payments/payments.test-support.ts';

// The clock is Monday 2026-11-23 09:00Z: 23 Nov in both NZ (22:00) and the UK.
let ctx: TestContext;
let nzCampaign: number;
let ukCampaign: number;
let ids: Awaited<ReturnType<typeof referenceIds>>;
let ukIds: Awaited<ReturnType<typeof referenceIds>>;

/** 5 coffees a week at 3.50 over four weeks: 70 (product-rules §9). */
const coffeePledge = (campaignId: number, extra: Record<string, unknown> = {}) => ({
  campaign_id: campaignId,
  challenge_id: ids.challengeId,
  recipient_id: ids.recipientId,
  number_of_units: 5,
  cost_per_unit: 3.5,
  confirmed_amount: 70,
  period: 'weekly',
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  ids = await referenceIds(ctx, 'NZ');
  ukIds = await referenceIds(ctx, 'UK');
  // Billing 25 Nov: four payment dates still to come (25/11, 2/12, 9/12, 16/12).
  nzCampaign = await createCampaign(ctx, { country: 'NZ', start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25' });
  ukCampaign = await createCampaign(ctx, { country: 'UK', start: '2026-11-28', end: '2026-12-28', billing: '2026-11-30', name: 'December Uplift Challenge' });
});

afterAll(async () => {
  await ctx.close();
});

describe('authentication', () => {
  it.each([
    ['POST', '/api/pledge'],
    ['DELETE', '/api/pledge/delete'],
    ['PUT', '/api/pledge/confirmed'],
    ['GET', '/api/pledge/closest'],
    ['GET', '/api/pledge/closest/Confirmed'],
    ['GET', '/api/pledge/1'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const res = await call(ctx, method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/pledge', () => {
  it('creates a Pending pledge with the server’s own total, in decimal', async () => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      campaign_id: nzCampaign,
      challenge_id: ids.challengeId,
      recipient_id: ids.recipientId,
      number_of_units: 5,
      cost_per_unit: 3.5,
      confirmed_amount: 70,
      period: 'weekly',
      pledge_status: 'Pending',
      country: 'NZ',
    });
    const [row] = await ctx.db.select().from(pledges).where(eq(pledges.id, res.json().id));
    expect(row).toMatchObject({ user_id: user.id, cost_per_unit: 350, confirmed_amount: 7000 });
  });

  it('refuses a second live pledge for the same campaign with 409', async () => {
    const user = await createUser(ctx);
    expect((await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) })).statusCode).toBe(201);
    const again = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'pledge.exists', message: 'You already have a pledge for this campaign' });
  });

  it('allows a new pledge once the earlier one was cancelled', async () => {
    const user = await createUser(ctx);
    const first = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    await ctx.db.update(pledges).set({ pledge_status: 'Cancelled' }).where(eq(pledges.id, first.json().id));
    const second = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    expect(second.statusCode).toBe(201);
  });

  it.each([
    ['a missing campaign', { campaign_id: undefined }, 'Please choose a campaign'],
    ['a missing charity', { recipient_id: undefined }, 'Please choose a charity'],
    ['a fractional unit count', { number_of_units: 2.5 }, 'Number must be a whole number of 0 or more'],
    ['three decimal places', { cost_per_unit: 3.505 }, 'Amount must be a number with at most two decimal places'],
    ['a negative amount', { cost_per_unit: -1 }, 'Amount must not be negative'],
    ['a bad period', { period: 'daily' }, 'Period must be weekly or monthly'],
  ])('answers 400 for %s with the message', async (_name, change, message) => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign, change) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a total under the minimum in the campaign’s currency', async () => {
    const user = await createUser(ctx);
    const nz = await call(ctx, 'POST', '/api/pledge', {
      token: user.token,
      body: coffeePledge(nzCampaign, { number_of_units: 1, cost_per_unit: 2, confirmed_amount: 8 }),
    });
    expect(nz.statusCode).toBe(400);
    expect(nz.json().message).toBe('Please ensure your pledge is at least $10');
    const uk = await call(ctx, 'POST', '/api/pledge', {
      token: user.token,
      body: { ...coffeePledge(ukCampaign, { number_of_units: 1, cost_per_unit: 2, confirmed_amount: 8 }), recipient_id: ukIds.recipientId },
    });
    expect(uk.json().message).toBe('Please ensure your pledge is at least £10');
  });

  it('refuses a confirmed amount that does not match the figures (tampered)', async () => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign, { confirmed_amount: 7 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('pledge.amount_mismatch');
  });

  it('refuses a pledge above the sane maximum', async () => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/pledge', {
      token: user.token,
      body: coffeePledge(nzCampaign, { number_of_units: 1000, cost_per_unit: 10, confirmed_amount: 40000 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'pledge.above_maximum' });
    expect(res.json().message).toContain('$10,000.00');
  });

  it('refuses a charity of another country', async () => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign, { recipient_id: ukIds.recipientId }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('pledge.recipient_not_offered');
  });
});

describe('PUT /api/pledge/pending', () => {
  const put = (user: TestUser | undefined, body: unknown) => call(ctx, 'PUT', '/api/pledge/pending', { token: user?.token, body });
  const rowsOf = (userId: number) => ctx.db.select().from(pledges).where(eq(pledges.user_id, userId));

  it('needs a signed-in user', async () => {
    const res = await put(undefined, coffeePledge(nzCampaign));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('creates the Pending pledge when the donor has none', async () => {
    const user = await createUser(ctx);
    const res = await put(user, coffeePledge(nzCampaign));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      campaign_id: nzCampaign,
      challenge_id: ids.challengeId,
      recipient_id: ids.recipientId,
      number_of_units: 5,
      cost_per_unit: 3.5,
      period: 'weekly',
      confirmed_amount: 70,
      pledge_status: 'Pending',
      country: 'NZ',
    });
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.json().id, pledge_status: 'Pending', cost_per_unit: 350, confirmed_amount: 7000 });
  });

  it('replaces a Pending pledge with different figures: one row remains, with the new figures', async () => {
    const user = await createUser(ctx);
    const first = await put(user, coffeePledge(nzCampaign));
    expect(first.statusCode).toBe(200);
    // 3 a week at 4.00 over four weeks: 48.
    const res = await put(user, coffeePledge(nzCampaign, { number_of_units: 3, cost_per_unit: 4, confirmed_amount: 48 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ campaign_id: nzCampaign, number_of_units: 3, cost_per_unit: 4, confirmed_amount: 48, pledge_status: 'Pending' });
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.json().id, number_of_units: 3, cost_per_unit: 400, confirmed_amount: 4800, pledge_status: 'Pending' });
    expect((await call(ctx, 'GET', '/api/pledge/closest', { token: user.token })).json()).toMatchObject({ id: res.json().id, confirmed_amount: 48 });
  });

  it('replaces a Pending pledge for another campaign, and any other Pending ones', async () => {
    const user = await createUser(ctx);
    expect((await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) })).statusCode).toBe(201);
    const uk = { ...coffeePledge(ukCampaign), recipient_id: ukIds.recipientId };
    expect((await call(ctx, 'POST', '/api/pledge', { token: user.token, body: uk })).statusCode).toBe(201);
    const res = await put(user, uk);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ campaign_id: ukCampaign, recipient_id: ukIds.recipientId, country: 'UK', pledge_status: 'Pending' });
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => [r.campaign_id, r.pledge_status])).toEqual([[ukCampaign, 'Pending']]);
  });

  it('answers 409 pledge.exists when the campaign already has the donor’s Confirmed pledge, and changes nothing', async () => {
    const user = await createUser(ctx);
    const card = await saveTestCard(ctx, user);
    expect((await put(user, coffeePledge(nzCampaign))).statusCode).toBe(200);
    expect((await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id) } })).statusCode).toBe(200);
    const res = await put(user, coffeePledge(nzCampaign, { number_of_units: 3, cost_per_unit: 4, confirmed_amount: 48 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'pledge.exists', message: 'You already have a pledge for this campaign' });
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pledge_status: 'Confirmed', confirmed_amount: 7000 });
  });

  it.each([
    ['a missing campaign', { campaign_id: undefined }, 'Please choose a campaign'],
    ['a bad period', { period: 'daily' }, 'Period must be weekly or monthly'],
    ['three decimal places', { cost_per_unit: 3.505 }, 'Amount must be a number with at most two decimal places'],
  ])('answers 400 for %s and keeps the Pending pledge', async (_name, change, message) => {
    const user = await createUser(ctx);
    const first = await put(user, coffeePledge(nzCampaign));
    const res = await put(user, coffeePledge(nzCampaign, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await rowsOf(user.id)).map((r) => r.id)).toEqual([first.json().id]);
  });

  it('answers 400 for figures the server does not accept (a tampered total) and keeps the Pending pledge', async () => {
    const user = await createUser(ctx);
    const first = await put(user, coffeePledge(nzCampaign));
    const res = await put(user, coffeePledge(nzCampaign, { confirmed_amount: 7 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('pledge.amount_mismatch');
    expect(await rowsOf(user.id)).toEqual([expect.objectContaining({ id: first.json().id, confirmed_amount: 7000 })]);
  });

  it('leaves exactly one Pending pledge when two replacements race', async () => {
    const user = await createUser(ctx);
    const [a, b] = await Promise.all([
      put(user, coffeePledge(nzCampaign)),
      put(user, coffeePledge(nzCampaign, { number_of_units: 3, cost_per_unit: 4, confirmed_amount: 48 })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pledge_status).toBe('Pending');
  });
});

describe('GET /api/pledge/closest and /closest/Confirmed', () => {
  it("answers 404 {message: 'No pledges!'} when the user has none", async () => {
    const user = await createUser(ctx);
    for (const url of ['/api/pledge/closest', '/api/pledge/closest/Confirmed']) {
      const res = await call(ctx, 'GET', url, { token: user.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No pledges!');
    }
  });

  it('returns the pledge with its fields in decimal', async () => {
    const user = await createUser(ctx);
    await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    const res = await call(ctx, 'GET', '/api/pledge/closest', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      campaign_id: nzCampaign,
      challenge_id: ids.challengeId,
      recipient_id: ids.recipientId,
      number_of_units: 5,
      cost_per_unit: 3.5,
      period: 'weekly',
      confirmed_amount: 70,
      pledge_status: 'Pending',
      country: 'NZ',
    });
    // A Pending pledge is not a confirmed one.
    expect((await call(ctx, 'GET', '/api/pledge/closest/Confirmed', { token: user.token })).statusCode).toBe(404);
  });

  it('prefers the live pledge of a campaign over a cancelled one, and the campaign closest in time', async () => {
    const user = await createUser(ctx);
    const cancelled = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    await ctx.db.update(pledges).set({ pledge_status: 'Cancelled' }).where(eq(pledges.id, cancelled.json().id));
    let closest = await call(ctx, 'GET', '/api/pledge/closest', { token: user.token });
    expect(closest.json()).toMatchObject({ id: cancelled.json().id, pledge_status: 'Cancelled' });

    // A live pledge on a campaign that ends later does not hide the closer campaign's…
    const uk = await call(ctx, 'POST', '/api/pledge', {
      token: user.token,
      body: { ...coffeePledge(ukCampaign), recipient_id: ukIds.recipientId },
    });
    expect(uk.statusCode).toBe(201);
    closest = await call(ctx, 'GET', '/api/pledge/closest', { token: user.token });
    expect(closest.json().campaign_id).toBe(nzCampaign);

    // …and within the closest campaign a live pledge comes before the cancelled one.
    const live = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    closest = await call(ctx, 'GET', '/api/pledge/closest', { token: user.token });
    expect(closest.json()).toMatchObject({ id: live.json().id, pledge_status: 'Pending' });
  });

  it('skips a campaign that has ended when a current one has a pledge', async () => {
    const user = await createUser(ctx);
    const ended = await createCampaign(ctx, { start: '2026-10-01', end: '2026-10-31', billing: '2026-10-05', name: 'October Uplift Challenge' });
    const [old] = await ctx.db
      .insert(pledges)
      .values({
        user_id: user.id,
        campaign_id: ended,
        challenge_id: ids.challengeId,
        recipient_id: ids.recipientId,
        number_of_units: 5,
        cost_per_unit: asMinor(350),
        confirmed_amount: asMinor(7000),
        pledge_status: 'Confirmed',
      })
      .returning();
    expect((await call(ctx, 'GET', '/api/pledge/closest', { token: user.token })).json().id).toBe(old!.id);
    const current = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    expect((await call(ctx, 'GET', '/api/pledge/closest', { token: user.token })).json().id).toBe(current.json().id);
    // Only Confirmed pledges count for /closest/Confirmed.
    expect((await call(ctx, 'GET', '/api/pledge/closest/Confirmed', { token: user.token })).json().id).toBe(old!.id);
  });
});

describe('GET /api/pledge/:id', () => {
  it('shows the user’s own pledge and hides everyone else’s', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const created = await call(ctx, 'POST', '/api/pledge', { token: owner.token, body: coffeePledge(nzCampaign) });
    const id = created.json().id;
    const mine = await call(ctx, 'GET', `/api/pledge/${id}`, { token: owner.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id, campaign_id: nzCampaign, payments: [] });
    const theirs = await call(ctx, 'GET', `/api/pledge/${id}`, { token: other.token });
    expect(theirs.statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/api/pledge/abc', { token: owner.token })).statusCode).toBe(400);
  });
});

describe('DELETE /api/pledge/delete', () => {
  it('deletes the Pending pledge, then answers 404', async () => {
    const user = await createUser(ctx);
    await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    const res = await call(ctx, 'DELETE', '/api/pledge/delete', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/pledge/closest', { token: user.token })).statusCode).toBe(404);
    const again = await call(ctx, 'DELETE', '/api/pledge/delete', { token: user.token });
    expect(again.statusCode).toBe(404);
  });

  it('never deletes a confirmed pledge, nor another user’s', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await call(ctx, 'POST', '/api/pledge', { token: other.token, body: coffeePledge(nzCampaign) });
    const card = await saveTestCard(ctx, user);
    await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(nzCampaign) });
    await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id) } });
    expect((await call(ctx, 'DELETE', '/api/pledge/delete', { token: user.token })).statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/api/pledge/closest', { token: other.token })).json().pledge_status).toBe('Pending');
  });
});

describe('PUT /api/pledge/confirmed', () => {
  async function pendingPledge(user: TestUser, campaignId = nzCampaign, extra: Record<string, unknown> = {}) {
    const res = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: coffeePledge(campaignId, extra) });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  }

  it('confirms the pledge and creates one Pending payment per remaining date, summing to the total', async () => {
    const user = await createUser(ctx, { firstName: 'Aroha' });
    const card = await saveTestCard(ctx, user);
    const pledge = await pendingPledge(user, nzCampaign, { number_of_units: 3, cost_per_unit: 3.33, confirmed_amount: 39.96 });

    const res = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pledge.id, pledge_status: 'Confirmed', confirmed_amount: 39.96 });
    expect(res.json().payments).toEqual([
      { processing_date: '2026-11-25', amount: 9.99, fee_cover: 0, payment_status: 'Pending' },
      { processing_date: '2026-12-02', amount: 9.99, fee_cover: 0, payment_status: 'Pending' },
      { processing_date: '2026-12-09', amount: 9.99, fee_cover: 0, payment_status: 'Pending' },
      { processing_date: '2026-12-16', amount: 9.99, fee_cover: 0, payment_status: 'Pending' },
    ]);

    const rows = await ctx.db.select().from(payments).where(eq(payments.pledge_id, pledge.id)).orderBy(payments.processing_date);
    expect(rows).toHaveLength(4);
    expect(rows.reduce((sum, p) => sum + p.amount, 0)).toBe(3996);
    expect(rows.every((p) => p.payment_status === 'Pending' && p.stripe_payment_method_id === card.stripe_payment_method_id)).toBe(true);
    const [stored] = await ctx.db.select().from(pledges).where(eq(pledges.id, pledge.id));
    expect(stored).toMatchObject({ pledge_status: 'Confirmed', payment_method_id: card.id });
    expect(stored!.confirmed_at).toBeInstanceOf(Date);

    const [mail] = await ctx.db.select().from(mails).where(and(eq(mails.to_address, user.email), eq(mails.kind, 'pledge-confirmed')));
    expect(mail!.subject).toBe('Your Uplift pledge is confirmed');
    expect(mail!.text_body).toContain('Kia ora Aroha,');
    expect(mail!.text_body).toContain('25/11/2026: $9.99 NZD (card fee $0.59)');
    expect(mail!.text_body).toContain('16/12/2026: $9.99 NZD');
    expect(mail!.text_body).toContain('2.9% + $0.30 per payment');
    expect(mail!.text_body).toContain('Visa card ending 4242');
    // It invites the donor to make their page, filled in from this pledge (docs/decisions/167).
    expect(mail!.text_body).toMatch(/Ask friends to back you: make your challenge page\. We fill it in from your pledge, you publish it in one step, and friends can give to .+ on it\.\nMake my challenge page: http.*\/my-page\?start=thanks\n/);
    expect(mail!.html_body).toMatch(/<a href="http[^"]*\/my-page\?start=thanks"[^>]*>Make my challenge page<\/a>/);
    // "Add to calendar": the four payments as an .ics attachment.
    expect(mail!.attachments).toEqual([expect.objectContaining({ contentType: 'text/calendar', filename: expect.stringMatching(/\.ics$/) })]);
    expect(Buffer.from(mail!.attachments![0]!.content, 'base64').toString().match(/BEGIN:VEVENT/g)).toHaveLength(4);
  });

  it('accepts the provider’s payment method id as well as ours', async () => {
    const user = await createUser(ctx);
    const card = await saveTestCard(ctx, user);
    await pendingPledge(user);
    const res = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: card.stripe_payment_method_id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().payments).toHaveLength(4);
  });

  it('refuses a second confirmation with 409 and creates no more payments', async () => {
    const user = await createUser(ctx);
    const card = await saveTestCard(ctx, user);
    const pledge = await pendingPledge(user);
    const body = { payment_method_id: String(card.id) };
    expect((await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body })).statusCode).toBe(200);
    const again = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'pledge.already_confirmed', message: 'Your pledge is already confirmed' });
    expect(await ctx.db.select().from(payments).where(eq(payments.pledge_id, pledge.id))).toHaveLength(4);
  });

  it('answers 404 without a Pending pledge', async () => {
    const user = await createUser(ctx);
    const card = await saveTestCard(ctx, user);
    const res = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id) } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'pledge.no_pending', message: 'You have no pledge waiting for payment. Please make a pledge first.' });
  });

  it('refuses another user’s card, a disabled card and a missing one', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const theirs = await saveTestCard(ctx, other);
    await pendingPledge(user);
    for (const id of [String(theirs.id), theirs.stripe_payment_method_id, '999999']) {
      const res = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: id } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'payment_method.not_found', message: 'We could not find that card on your account. Please choose another.' });
    }
    const mine = await saveTestCard(ctx, user);
    await ctx.db.update(paymentMethods).set({ is_enabled: false }).where(eq(paymentMethods.id, mine.id));
    expect((await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(mine.id) } })).statusCode).toBe(404);
    const missing = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a payment method');
    expect((await call(ctx, 'GET', '/api/pledge/closest', { token: user.token })).json().pledge_status).toBe('Pending');
  });

  it('refuses a tampered confirmed_amount', async () => {
    const user = await createUser(ctx);
    const card = await saveTestCard(ctx, user);
    await pendingPledge(user);
    const res = await call(ctx, 'PUT', '/api/pledge/confirmed', {
      token: user.token,
      body: { payment_method_id: String(card.id), confirmed_amount: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'pledge.amount_mismatch', message: 'The confirmed amount does not match the pledge' });
    expect((await call(ctx, 'GET', '/api/pledge/closest', { token: user.token })).json().pledge_status).toBe('Pending');
  });

  it('creates only the payments left in a campaign with 2 payment dates to come', async () => {
    // Billing 10 Nov: 10/11 and 17/11 have passed; 24/11 and 1/12 remain.
    const late = await createCampaign(ctx, { start: '2026-11-05', end: '2026-12-05', billing: '2026-11-10', name: 'November Late Challenge' });
    const user = await createUser(ctx);
    const card = await saveTestCard(ctx, user);
    // 2 weeks × 5 × 3.33 = 33.30
    await pendingPledge(user, late, { number_of_units: 5, cost_per_unit: 3.33, confirmed_amount: 33.3 });
    const res = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id), confirmed_amount: 33.3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().payments).toEqual([
      { processing_date: '2026-11-24', amount: 16.65, fee_cover: 0, payment_status: 'Pending' },
      { processing_date: '2026-12-01', amount: 16.65, fee_cover: 0, payment_status: 'Pending' },
    ]);
  });

  it('asks the donor to look again when a payment date passed since the pledge was made', async () => {
    const user = await createUser(ctx);
    const card = await saveTestCard(ctx, user);
    await pendingPledge(user); // 4 weeks: 70
    ctx.clock.set('2026-11-26T09:00:00.000Z'); // 25 Nov has passed: 3 weeks, 52.50
    try {
      const stale = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id) } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'pledge.amount_changed' });
      expect(stale.json().message).toContain('$52.50');
      const res = await call(ctx, 'PUT', '/api/pledge/confirmed', {
        token: user.token,
        body: { payment_method_id: String(card.id), confirmed_amount: 52.5 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().confirmed_amount).toBe(52.5);
      expect(res.json().payments.map((p: { amount: number }) => p.amount)).toEqual([17.5, 17.5, 17.5]);
    } finally {
      ctx.clock.set('2026-11-23T09:00:00.000Z');
    }
  });
});
