import { randomUUID } from 'node:crypto';
import type { IsoDate } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { asMinor } from '@uplift/core/money';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { campaigns, challengePages, gifts, mails, testProviderGuestCharges, users } from '../../db/schema.ts';
import type { TestContext } from '../../test/context.ts';
import { createCampaign, createConfirmedPledge } from '../billing/billing.test-support.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { giftAttemptKey } from './gift-limits.ts';
import type { GiftDeps } from './gifts.service.ts';

// Test-only builders for gifts: a participant (user + Confirmed pledge) with a page, published or not.

let seq = 0;

export async function createPage(
  ctx: TestContext,
  opts: { country?: CountryCode; published?: boolean; moderated?: boolean; giftMails?: boolean; firstName?: string; end?: string; active?: boolean } = {},
) {
  const country = opts.country ?? 'NZ';
  const campaign = await createCampaign(ctx.db, { country, ...(opts.end ? { end: opts.end as IsoDate } : {}) });
  const { user, pledge, recipient } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, country });
  if (opts.firstName) {
    await ctx.db.update(users).set({ first_name: opts.firstName }).where(eq(users.id, user.id));
  }
  seq += 1;
  const slug = `page-${process.pid}-${seq}`;
  const [page] = await ctx.db
    .insert(challengePages)
    .values({
      user_id: user.id,
      pledge_id: pledge.id,
      campaign_id: campaign.id,
      slug,
      display_name: 'Aroha P.',
      goal: asMinor(50000),
      published_at: opts.published === false ? null : new Date('2026-11-21T00:00:00Z'),
      moderated_at: opts.moderated ? new Date('2026-11-22T00:00:00Z') : null,
      gift_mails: opts.giftMails ?? true,
    })
    .returning();
  if (opts.active === false) {
    await ctx.db.update(campaigns).set({ is_active: false }).where(eq(campaigns.id, campaign.id));
  }
  return { page: page!, user, pledge, recipient, campaign };
}

export function giftBody(overrides: Record<string, unknown> = {}) {
  return {
    client_key: randomUUID(),
    amount: 2500,
    name: 'Sam Friend',
    email: `friend-${randomUUID().slice(0, 8)}@example.org`,
    message: 'Go Aroha!',
    hide_name: false,
    hide_amount: false,
    tax_receipt: false,
    ...overrides,
  };
}

export function give(ctx: TestContext, slug: string, body: Record<string, unknown>, ip = '203.0.113.7') {
  return ctx.app.inject({ method: 'POST', url: `/api/pages/${slug}/gifts`, payload: body, remoteAddress: ip });
}

/** The test provider's card form: pays the gift's charge with this card. */
export function pay(ctx: TestContext, clientSecret: string, number = '4242424242424242') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/test-provider/gift/confirm',
    payload: { client_secret: clientSecret, number, exp_month: 12, exp_year: 2030, cvc: '123' },
  });
}

export function authenticate(ctx: TestContext, clientSecret: string, outcome: 'complete' | 'fail') {
  return ctx.app.inject({ method: 'POST', url: '/api/test-provider/gift/authenticate', payload: { client_secret: clientSecret, outcome } });
}

export function confirm(ctx: TestContext, giftId: number, clientSecret: string, ip = '203.0.113.7') {
  return ctx.app.inject({ method: 'POST', url: `/api/gifts/${giftId}/confirm`, payload: { client_secret: clientSecret }, remoteAddress: ip });
}

export async function giftRow(ctx: TestContext, id: number) {
  const [row] = await ctx.db.select().from(gifts).where(eq(gifts.id, id));
  return row!;
}

export async function mailsTo(ctx: TestContext, to: string) {
  return ctx.db.select().from(mails).where(eq(mails.to_address, to)).orderBy(mails.id);
}

export async function guestCharges(ctx: TestContext) {
  return ctx.db.select().from(testProviderGuestCharges);
}

/** The gifts module's deps on the test app, with another provider or clock when given. */
export function giftDeps(ctx: TestContext, over: Partial<GiftDeps> = {}): GiftDeps {
  return {
    db: ctx.db,
    clock: ctx.clock,
    payments: ctx.app.payments as PaymentProvider,
    mailer: ctx.app.mailer,
    log: pino({ level: 'silent' }),
    appUrl: ctx.config.appUrl,
    receipt: ctx.config.receipt,
    attemptKey: giftAttemptKey(ctx.config.secrets.key),
    mailLinks: ctx.config.mailLinks,
    ...over,
  };
}

/** A friend's confirmation called on the service directly: counted under this address, refusals ignored. */
export const aFriend = { ip: '198.51.100.250', onRefused: () => undefined };
