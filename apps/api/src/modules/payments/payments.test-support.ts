import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { campaigns, challenges, recipients, users } from '../../db/schema.ts';
import type { TestContext } from '../../test/context.ts';

// Small builders shared by the pledge and payment API tests (test-only code).

export type TestUser = { id: number; email: string; token: string };

export async function createUser(ctx: TestContext, opts: { firstName?: string; country?: 'NZ' | 'UK' } = {}): Promise<TestUser> {
  const email = `donor-${randomBytes(4).toString('hex')}@example.org`;
  const [user] = await ctx.db
    .insert(users)
    .values({
      first_name: opts.firstName ?? 'Sam',
      last_name: 'Donor',
      email,
      country: opts.country ?? 'NZ',
      password_hash: '!',
      activated: true,
    })
    .returning({ id: users.id });
  const token = await ctx.app.signAccessToken({ id: user!.id, role: 'user' });
  return { id: user!.id, email, token };
}

export async function createCampaign(
  ctx: TestContext,
  opts: { country?: 'NZ' | 'UK'; start: string; end: string; billing: string; name?: string; active?: boolean },
): Promise<number> {
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      campaign_name: opts.name ?? 'November Uplift Challenge',
      start_date: opts.start,
      end_date: opts.end,
      billing_start_date: opts.billing,
      country: opts.country ?? 'NZ',
      is_active: opts.active ?? true,
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

/** The seeded Coffees challenge and the first charity of a country. */
export async function referenceIds(ctx: TestContext, country: 'NZ' | 'UK' = 'NZ') {
  const [coffees] = await ctx.db.select({ id: challenges.id }).from(challenges).where(eq(challenges.slug, 'coffees'));
  const [recipient] = await ctx.db
    .select({ id: recipients.id, name: recipients.recipient_name })
    .from(recipients)
    .where(eq(recipients.country, country))
    .orderBy(recipients.id)
    .limit(1);
  return { challengeId: coffees!.id, recipientId: recipient!.id, recipientName: recipient!.name };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An injected request, with the user's access token when given. */
export function call(ctx: TestContext, method: Method, url: string, opts: { token?: string; body?: unknown } = {}) {
  return ctx.app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
  });
}

/** Saves a test card for the user through the real routes; returns our payment_methods row. */
export async function saveTestCard(ctx: TestContext, user: TestUser, number = '4242 4242 4242 4242') {
  const secret = await call(ctx, 'GET', '/api/payment_method/secret', { token: user.token });
  const confirmed = await call(ctx, 'POST', '/api/test-provider/setup/confirm', {
    token: user.token,
    // Amex cards (34…, 37…) have a four-digit security code.
    body: { client_secret: secret.json().client_secret, number, exp_month: 12, exp_year: 2030, cvc: /^3[47]/.test(number) ? '1234' : '123' },
  });
  if (confirmed.statusCode !== 200) throw new Error(`card not confirmed: ${confirmed.body}`);
  const saved = await call(ctx, 'POST', '/api/payment_method', {
    token: user.token,
    body: { method_name: 'card', is_enabled: true, stripe_payment_method_id: confirmed.json().payment_method },
  });
  if (saved.statusCode !== 201) throw new Error(`card not saved: ${saved.body}`);
  return saved.json() as { id: number; stripe_payment_method_id: string; brand: string; last4: string };
}
