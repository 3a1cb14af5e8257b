import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { users } from '../../db/schema.ts';
import { bill } from '../../modules/billing/billing.test-support.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { call, createUser, saveTestCard, type TestUser } from '../../modules/payments/payments.test-support.ts';
import { give, giftBody, confirm as confirmGift, pay as payGift } from '../../modules/gifts/gifts.test-support.ts';
import type { PaymentProvider } from '../../modules/payments/index.ts';
import type { TestContext } from '../context.ts';
import { answeringShuffled } from './shuffled-answers.test-support.ts';
import { feeCover, receiptOf, type Country, type ModelDonor, type MoneyModel } from './money-model.test-support.ts';

// The money model test's actions (docs/decisions/149-money-model-test.md): each is a plain object
// whose toString names it and its arguments, so fast-check prints a shrunk sequence readably. Each
// runs through the API (app.inject) and then does the same thing to the model. A donor is named by
// a number taken modulo the donors made so far, so a shrunk sequence stays meaningful.

export const CARD_PAYS = '4242424242424242';
/** Saved, then every charge is declined (product-rules §15). */
export const CARD_DECLINES = '4000000000000341';
export const PASSWORD = 'a long and memorable passphrase';
const DAY_MS = 86_400_000;

/** The two campaigns every run has, one per country (the country's closest campaign for the totals). */
export const CAMPAIGN = { start: '2026-11-20', end: '2026-12-27', billing: '2026-11-25' };
export const WEEKS = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16'];

export type World = {
  ctx: TestContext;
  model: MoneyModel;
  campaigns: Record<Country, number>;
  challengeIds: number[];
  recipientIds: Record<Country, number[]>;
  adminAuth: { authorization: string };
  /** The API side of each model donor, by n. */
  users: Map<number, TestUser & { pledgeId: number; paymentIds: Map<string, number> }>;
};

export const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

function expectStatus(what: string, res: { statusCode: number; body: string }, ok: boolean) {
  const good = res.statusCode >= 200 && res.statusCode < 300;
  if (good !== ok) throw new Error(`${what}: the model expected ${ok ? 'success' : 'a refusal'}, the API answered ${res.statusCode} ${res.body}`);
}

export interface Action {
  run(w: World): Promise<void>;
  toString(): string;
}

function pick(w: World, who: number): ModelDonor | undefined {
  const live = w.model.donors;
  return live.length === 0 ? undefined : live[who % live.length];
}

/** The API payment id of the model payment that was first due on `from` (its own date before a skip). */
async function paymentIdsOf(w: World, d: ModelDonor) {
  const u = w.users.get(d.n)!;
  const res = await call(w.ctx, 'GET', '/api/payment/', { token: u.token });
  const rows = res.json() as { id: number; processing_date: string; skipped_from: string | null }[];
  return new Map(rows.map((r) => [r.skipped_from ?? r.processing_date, r.id]));
}

const COSTS = [350, 500, 1225];

/** Register and activate a donor, save a card, pledge and confirm, and maybe make a published page on the country's team. */
export const join = (a: { country: Country; declines: boolean; cover: boolean; units: number; cost: number; recipient: number; challenge: number; page: boolean; leaderboard: boolean }): Action => ({
  toString: () =>
    `join(${a.country}, ${a.units}×${COSTS[a.cost]! / 100}${a.cover ? ', covers fee' : ''}${a.declines ? ', declining card' : ''}, charity ${a.recipient}, challenge ${a.challenge}${a.page ? `, page${a.leaderboard ? ' on leaderboard' : ''}` : ''})`,
  async run(w) {
    const { ctx, model } = w;
    const n = model.donors.length;
    const user = await createUser(ctx, { country: a.country, firstName: `Donor${n}` });
    await ctx.db.update(users).set({ opt_in_charity_comms: true, last_name: `Model${String(n).padStart(3, '0')}` }).where(eq(users.id, user.id));
    const card = await saveTestCard(ctx, user, a.declines ? CARD_DECLINES : CARD_PAYS);
    const weekly = a.units * COSTS[a.cost]!;
    const dates = WEEKS.filter((d) => d >= model.today);
    const made = await call(ctx, 'POST', '/api/pledge', {
      token: user.token,
      body: {
        campaign_id: w.campaigns[a.country],
        challenge_id: w.challengeIds[a.challenge],
        recipient_id: w.recipientIds[a.country][a.recipient],
        number_of_units: a.units,
        cost_per_unit: COSTS[a.cost]! / 100,
        confirmed_amount: (weekly * dates.length) / 100,
        period: 'weekly',
      },
    });
    // product-rules §9: a pledge's total is at least 10 in the local currency; nothing is left to pledge after the last week.
    const allowed = dates.length > 0 && weekly * dates.length >= 1000;
    expectStatus(`${this}: pledge`, made, allowed);
    if (!allowed) return;
    const confirmed = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id), cover_fee: a.cover } });
    expectStatus(`${this}: confirm`, confirmed, true);
    const cover = a.cover ? feeCover(weekly, a.country) : 0;
    const donor: ModelDonor = {
      n,
      country: a.country,
      email: user.email,
      declines: a.declines,
      erased: false,
      pledge: {
        weekly,
        total: weekly * dates.length,
        coverFee: a.cover,
        status: 'Confirmed',
        challenge: a.challenge,
        recipient: a.recipient,
        skipped: false,
        payments: dates.map((date) => ({ date, amount: weekly, feeCover: cover, status: 'Pending', refunded: 0, refunds: 0, skippedFrom: null, receivedAt: null })),
      },
      page: null,
      gifts: [],
      receipts: [],
    };
    model.donors.push(donor);
    w.users.set(n, { ...user, pledgeId: made.json().id as number, paymentIds: new Map() });
    if (!a.page) return;
    const slug = `m-${a.country.toLowerCase()}-${n}-${randomBytes(3).toString('hex')}`;
    const page = await call(ctx, 'POST', '/api/my-page', { token: user.token, body: { slug, on_leaderboard: a.leaderboard } });
    expectStatus(`${this}: page`, page, true);
    expectStatus(`${this}: publish`, await ctx.app.inject({ method: 'PATCH', url: '/api/my-page', headers: { authorization: `Bearer ${user.token}` }, payload: { published: true } }), true);
    const members = model.teamMembers(a.country);
    const teamSlug = `team-${a.country.toLowerCase()}`;
    const team =
      members.length === 0
        ? await call(ctx, 'POST', '/api/teams', { token: user.token, body: { slug: teamSlug, name: `Team ${a.country}` } })
        : await call(ctx, 'POST', `/api/teams/${teamSlug}/join`, { token: user.token });
    expectStatus(`${this}: team`, team, true);
    donor.page = { slug, onLeaderboard: a.leaderboard, order: n };
  },
});

/** The clock moves on (09:00 UTC: the same calendar date in Auckland and London), at most to the campaigns' end. */
export const advance = (days: number): Action => ({
  toString: () => `advance(${days} day${days === 1 ? '' : 's'})`,
  async run(w) {
    const next = addDays(w.model.today, days);
    w.model.today = next > CAMPAIGN.end ? CAMPAIGN.end : next;
    w.ctx.clock.set(`${w.model.today}T09:00:00.000Z`);
  },
});

/** The billing run the CLI makes (`npm run billing -- --as-of today`): every due payment and due retry, in date order per pledge. */
export const runBilling: Action = {
  toString: () => 'bill()',
  run: (w) => billWith(w, w.ctx.app.payments),
};

/**
 * The same run, the provider answering the charges asked side by side in an order drawn from
 * `seed` (shuffled-answers.test-support.ts): what the run records must not depend on which answer
 * comes first (a pledge's weeks are still charged, numbered and mailed in date order, decision 145).
 */
export const runBillingShuffled = (seed: number): Action => ({
  toString: () => `bill(answers shuffled, seed ${seed})`,
  run: (w) => billWith(w, answeringShuffled(w.ctx.app.payments, seed)),
});

async function billWith(w: World, provider: PaymentProvider) {
  await bill(w.ctx, provider, { asOf: w.model.today as never });
  for (const d of w.model.donors) {
    if (d.erased) continue;
    const due = d.pledge.payments.filter((p) => p.date <= w.model.today && (p.status === 'Pending' || p.status === 'Failed')).sort((x, y) => x.date.localeCompare(y.date));
    for (const p of due) {
      if (p.status === 'Failed') continue; // a retry on the declining card declines again: it stays Failed
      p.status = d.declines ? 'Failed' : 'Success';
      if (p.status !== 'Success') continue;
      p.receivedAt = w.model.step;
      d.receipts.push(receiptOf(d.pledge, p));
    }
  }
}

/** The donor pays a Failed week now, with a new card that pays. */
export const payNow = (who: number): Action => ({
  toString: () => `payNow(donor ${who})`,
  async run(w) {
    const d = pick(w, who);
    if (!d || d.erased) return;
    const u = w.users.get(d.n)!;
    const failed = d.pledge.payments.filter((p) => p.status === 'Failed').sort((x, y) => x.date.localeCompare(y.date))[0];
    if (!failed) return;
    const ids = await paymentIdsOf(w, d);
    const card = await saveTestCard(w.ctx, u, CARD_PAYS);
    const res = await call(w.ctx, 'POST', `/api/payment/${ids.get(failed.skippedFrom ?? failed.date)}/pay`, { token: u.token, body: { payment_method_id: card.stripe_payment_method_id } });
    const ok = d.pledge.status === 'Confirmed';
    expectStatus(`${this}`, res, ok);
    if (!ok) return;
    failed.status = 'Success';
    failed.receivedAt = w.model.step;
    d.receipts.push(receiptOf(d.pledge, failed));
  },
});

/** Skip week 1–4 (product-rules §15): one per pledge, a Pending payment, until 24 hours before its day starts. */
export const skip = (who: number, week: number): Action => ({
  toString: () => `skip(donor ${who}, week ${week})`,
  async run(w) {
    const d = pick(w, who);
    if (!d || d.erased) return;
    const u = w.users.get(d.n)!;
    const date = WEEKS[week - 1]!;
    const p = d.pledge.payments.find((x) => x.date === date && x.skippedFrom === null);
    const res = await call(w.ctx, 'POST', `/api/pledge/${u.pledgeId}/skip`, { token: u.token, body: { week } });
    const ok = d.pledge.status === 'Confirmed' && !d.pledge.skipped && p !== undefined && p.status === 'Pending' && addDays(w.model.today, 2) <= date;
    expectStatus(`${this}`, res, ok);
    if (!ok || !p) return;
    const last = d.pledge.payments.map((x) => x.date).sort().at(-1)!;
    p.skippedFrom = p.date;
    p.date = addDays(last, 7);
    d.pledge.skipped = true;
  },
});

/** An admin refunds all, half or a third of what is left of one of the donor's paid weeks. */
export const refund = (who: number, index: number, part: 'all' | 'half' | 'third'): Action => ({
  toString: () => `refund(donor ${who}, paid week ${index}, ${part})`,
  async run(w) {
    const d = pick(w, who);
    if (!d) return;
    const paid = d.pledge.payments.filter((p) => p.status === 'Success' && p.refunded < p.amount).sort((x, y) => x.date.localeCompare(y.date));
    const p = paid[index % Math.max(1, paid.length)];
    if (!p) return;
    const left = p.amount - p.refunded;
    const amount = part === 'all' ? left : Math.max(1, Math.floor(left / (part === 'half' ? 2 : 3)));
    const paymentId = (await w.ctx.app.inject({ method: 'GET', url: `/api/admin/users/${w.users.get(d.n)!.id}/payments`, headers: w.adminAuth })).json().payments.find(
      (x: { processing_date: string }) => x.processing_date === p.date,
    ).id as number;
    const res = await w.ctx.app.inject({ method: 'POST', url: `/api/admin/payments/${paymentId}/refunds`, headers: w.adminAuth, payload: { amountMinor: amount, reason: 'Model test refund' } });
    expectStatus(`${this}`, res, true);
    p.refunded += amount;
    p.refunds += 1;
  },
});

/** A friend gives on a published page (the `which`-th of the live pages, modulo), paid by a card that pays or one that declines. */
export const gift = (which: number, amountMajor: number, paid: boolean): Action => ({
  toString: () => `gift(page ${which}, ${amountMajor}.00, ${paid ? 'paid' : 'declined'})`,
  async run(w) {
    const pages = w.model.donors.filter((x) => x.page && !x.erased);
    const d = pages[which % Math.max(1, pages.length)];
    if (!d || !d.page) return;
    const ip = `198.51.100.${1 + (w.model.donors.reduce((n, x) => n + x.gifts.length, 0) % 250)}`;
    const body = giftBody({ amount: amountMajor * 100 });
    const started = await give(w.ctx, d.page.slug, body, ip);
    expectStatus(`${this}: start`, started, true);
    const { gift_id, client_secret } = started.json() as { gift_id: number; client_secret: string };
    await payGift(w.ctx, client_secret, paid ? CARD_PAYS : CARD_DECLINES);
    const settled = await confirmGift(w.ctx, gift_id, client_secret);
    expectStatus(`${this}: confirm`, settled, true);
    d.gifts.push({ id: gift_id, email: body.email, amount: amountMajor * 100, succeeded: paid, refunded: 0, refunds: [], receivedAt: paid ? w.model.step : null });
  },
});

/**
 * An admin refunds all, half or a third of what stands of a friend's gift (product-rules §19,
 * decision 150): the `index`-th, modulo, of the succeeded gifts not yet refunded in full, in the
 * order they were given (on any page, its owner's account erased or not).
 */
export const giftRefund = (index: number, part: 'all' | 'half' | 'third'): Action => ({
  toString: () => `giftRefund(standing gift ${index}, ${part})`,
  async run(w) {
    const standing = w.model.donors
      .flatMap((d) => d.gifts)
      .filter((g) => g.succeeded && g.refunded < g.amount)
      .sort((a, b) => a.id - b.id);
    const g = standing[index % Math.max(1, standing.length)];
    if (!g) return;
    const left = g.amount - g.refunded;
    const amount = part === 'all' ? left : Math.max(1, Math.floor(left / (part === 'half' ? 2 : 3)));
    const res = await w.ctx.app.inject({ method: 'POST', url: `/api/admin/gifts/${g.id}/refunds`, headers: w.adminAuth, payload: { amountMinor: amount, reason: 'Model test gift refund' } });
    expectStatus(`${this} (${amount / 100})`, res, true);
    g.refunded += amount;
    g.refunds.push(amount);
  },
});

/** The donor cancels the remaining payments (product-rules §15): Pending ones are cancelled, the rest stand. */
export const cancel = (who: number): Action => ({
  toString: () => `cancel(donor ${who})`,
  async run(w) {
    const d = pick(w, who);
    if (!d || d.erased || d.pledge.status !== 'Confirmed') return;
    const res = await call(w.ctx, 'PUT', '/api/pledge/cancel', { token: w.users.get(d.n)!.token });
    expectStatus(`${this}`, res, true);
    d.pledge.status = 'Cancelled';
    for (const p of d.pledge.payments) if (p.status === 'Pending') p.status = 'Cancelled';
  },
});

/** The donor erases the account (product-rules §16 "Erasure"): as a cancel unless already paid in full; the page goes. */
export const erase = (who: number): Action => ({
  toString: () => `erase(donor ${who})`,
  async run(w) {
    const d = pick(w, who);
    if (!d || d.erased) return;
    const u = w.users.get(d.n)!;
    // The donor's password, set only now: hashing it for every donor would slow every sequence.
    await w.ctx.db.update(users).set({ password_hash: await hashPassword(PASSWORD) }).where(eq(users.id, u.id));
    const res = await call(w.ctx, 'POST', '/api/account/erase', { token: u.token, body: { password: PASSWORD } });
    expectStatus(`${this}`, res, true);
    d.erased = true;
    if (!d.pledge.payments.every((p) => p.status === 'Success')) {
      d.pledge.status = 'Cancelled';
      for (const p of d.pledge.payments) if (p.status === 'Pending') p.status = 'Cancelled';
    }
  },
});

/** An admin records a payout of half or all of what the model says is still owed to a charity. */
export const payout = (country: Country, recipient: number, part: 'all' | 'half'): Action => ({
  toString: () => `payout(${country}, charity ${recipient}, ${part} of what is owed)`,
  async run(w) {
    const owed = w.model.charity(country, recipient).owed;
    const amount = part === 'all' ? owed : Math.floor(owed / 2);
    if (amount <= 0) return;
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${w.campaigns[country]}/payouts`,
      headers: w.adminAuth,
      payload: { recipient_id: w.recipientIds[country][recipient], amount: amount / 100, paid_on: w.model.today, reference: 'Model test transfer' },
    });
    expectStatus(`${this} (${amount / 100})`, res, true);
    w.model.payouts.push({ country, recipient, amount });
  },
});

const who = fc.nat({ max: 3 });
const country = fc.constantFrom<Country>('NZ', 'UK');

const joinArb = fc
  .record({ country, declines: fc.nat({ max: 3 }).map((n) => n === 3), cover: fc.boolean(), units: fc.integer({ min: 1, max: 5 }), cost: fc.nat({ max: 2 }), recipient: fc.nat({ max: 1 }), challenge: fc.nat({ max: 1 }), page: fc.boolean(), leaderboard: fc.boolean() })
  .map(join);

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: joinArb, weight: 4 },
  { arbitrary: fc.integer({ min: 1, max: 9 }).map(advance), weight: 4 },
  // Shrinks toward the plain run: a shrunk sequence keeps the shuffled answers only when they matter.
  { arbitrary: fc.oneof(fc.constant(runBilling), fc.integer({ min: 1, max: 999 }).map(runBillingShuffled)), weight: 3 },
  { arbitrary: who.map(payNow), weight: 1 },
  { arbitrary: fc.tuple(who, fc.integer({ min: 1, max: 4 })).map(([d, wk]) => skip(d, wk)), weight: 1 },
  { arbitrary: fc.tuple(who, fc.nat({ max: 3 }), fc.constantFrom<'all' | 'half' | 'third'>('all', 'half', 'third')).map(([d, i, p]) => refund(d, i, p)), weight: 2 },
  { arbitrary: fc.tuple(who, fc.integer({ min: 10, max: 200 }), fc.boolean()).map(([d, a, p]) => gift(d, a, p)), weight: 3 },
  { arbitrary: fc.tuple(fc.nat({ max: 3 }), fc.constantFrom<'all' | 'half' | 'third'>('all', 'half', 'third')).map(([i, p]) => giftRefund(i, p)), weight: 2 },
  { arbitrary: who.map(cancel), weight: 1 },
  { arbitrary: who.map(erase), weight: 1 },
  { arbitrary: fc.tuple(country, fc.nat({ max: 1 }), fc.constantFrom<'all' | 'half'>('all', 'half')).map(([c, r, p]) => payout(c, r, p)), weight: 1 },
);

/** A sequence: a few donors join first (so most sequences have money to move), then anything. */
export const sequenceArb: fc.Arbitrary<Action[]> = fc
  .tuple(fc.array(joinArb, { minLength: 1, maxLength: 3 }), fc.array(actionArb, { maxLength: 16, size: 'large' }))
  .map(([joins, rest]) => [...joins, ...rest]);

/**
 * One sequence every run tries first (fast-check's `examples`): pledge payments and friends' gifts
 * arriving in turn in one receipt sequence, a declined gift between them, a gift refunded in part
 * and one in full, a week refunded in half, the fee cover on every receipt.
 */
export const exampleSequence: Action[] = [
  join({ country: 'NZ', declines: false, cover: true, units: 1, cost: 0, recipient: 0, challenge: 0, page: true, leaderboard: true }),
  advance(2),
  gift(0, 25, true),
  runBilling,
  gift(0, 10, false),
  gift(0, 40, true),
  giftRefund(1, 'third'),
  refund(0, 0, 'half'),
  advance(7),
  runBilling,
  giftRefund(0, 'all'),
];
