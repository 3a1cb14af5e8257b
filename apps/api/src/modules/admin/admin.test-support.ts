import { asMinor } from '@uplift/core/money';
import { eq } from 'drizzle-orm';
import { campaigns, challenges, payments, pledges, recipients, users } from '../../db/schema.ts';
import type { TestContext } from '../../test/context.ts';
import { encryptSecret } from '../auth/secrets.ts';
import { newTotpSecret, totpCode } from '../auth/totp.ts';

// Direct inserts for the admin tests: each test sets up exactly the rows it reasons about.

let counter = 0;

export async function insertUser(
  ctx: Pick<TestContext, 'db'>,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  counter += 1;
  const [user] = await ctx.db
    .insert(users)
    .values({
      first_name: `First${counter}`,
      last_name: `Last${counter}`,
      email: `user${counter}.${Date.now()}@example.org`,
      country: 'NZ',
      password_hash: '!',
      activated: true,
      ...fields,
    })
    .returning();
  return user!;
}

/**
 * Signs an admin in through the second factor, as every admin test does: the password step's
 * token (signed here: scrypt in every test would be slow; login itself is tested in auth), an
 * authenticator holding the admin's secret, and the real code step, whose token has admin rights.
 */
export async function signInAdmin(ctx: Pick<TestContext, 'app' | 'db' | 'clock'>, admin: { id: number }): Promise<{ access_token: string; totpSecret: string }> {
  const totpSecret = newTotpSecret();
  await ctx.db.update(users).set({ totp_secret: encryptSecret(totpSecret, ctx.app.config.secrets.key), totp_enrolled_at: ctx.clock.now() }).where(eq(users.id, admin.id));
  const passwordStep = await ctx.app.signAccessToken({ id: admin.id, role: 'admin', secondFactor: 'code' });
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify',
    headers: { authorization: `Bearer ${passwordStep}` },
    payload: { code: totpCode(totpSecret, ctx.clock.now()) },
  });
  if (verified.statusCode !== 200) throw new Error(`admin sign-in failed: ${verified.statusCode} ${verified.body}`);
  return { access_token: verified.json<{ access_token: string }>().access_token, totpSecret };
}

/** An admin (signed in through the second factor) and a plain user with their bearer headers. */
export async function adminAndUser(ctx: TestContext) {
  const admin = await insertUser(ctx, { role: 'admin', first_name: 'Ada', last_name: 'Admin' });
  const user = await insertUser(ctx, { role: 'user' });
  const adminAuth = { authorization: `Bearer ${(await signInAdmin(ctx, admin)).access_token}` };
  const userAuth = { authorization: `Bearer ${await ctx.app.signAccessToken({ id: user.id, role: 'user' })}` };
  return { admin, user, adminAuth, userAuth };
}

export async function insertCampaign(ctx: TestContext, fields: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      campaign_name: 'November Uplift Challenge',
      start_date: '2026-11-20',
      end_date: '2026-12-20',
      billing_start_date: '2026-11-25',
      is_active: true,
      country: 'NZ',
      ...fields,
    })
    .returning();
  return row!;
}

export async function firstRecipient(ctx: TestContext, country: 'NZ' | 'UK') {
  const [row] = await ctx.db.select().from(recipients).where(eq(recipients.country, country)).orderBy(recipients.id).limit(1);
  return row!;
}

export async function recipientsOf(ctx: TestContext, country: 'NZ' | 'UK') {
  return ctx.db.select().from(recipients).where(eq(recipients.country, country)).orderBy(recipients.id);
}

export async function firstChallenge(ctx: TestContext) {
  const [row] = await ctx.db.select().from(challenges).orderBy(challenges.id).limit(1);
  return row!;
}

export async function insertPledge(
  ctx: TestContext,
  fields: { user_id: number; campaign_id: number; recipient_id: number } & Omit<Partial<typeof pledges.$inferInsert>, 'confirmed_amount' | 'cost_per_unit'> & {
    /** Minor units, as plain numbers in tests. */
    confirmed_amount?: number;
    cost_per_unit?: number;
  },
) {
  const challenge = await firstChallenge(ctx);
  const { confirmed_amount = 7000, cost_per_unit = 350, ...rest } = fields;
  const [row] = await ctx.db
    .insert(pledges)
    .values({
      challenge_id: challenge.id,
      number_of_units: 5,
      cost_per_unit: asMinor(cost_per_unit),
      period: 'weekly',
      confirmed_amount: asMinor(confirmed_amount),
      pledge_status: 'Confirmed',
      ...rest,
    })
    .returning();
  return row!;
}

export async function insertPayment(
  ctx: TestContext,
  fields: Pick<typeof payments.$inferInsert, 'pledge_id' | 'processing_date' | 'payment_status'> & { amount: number },
) {
  const [row] = await ctx.db.insert(payments).values({ ...fields, amount: asMinor(fields.amount) }).returning();
  return row!;
}
