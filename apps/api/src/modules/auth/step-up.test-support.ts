import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { TestContext } from '../../test/context.ts';
import { hashPassword } from './password.ts';

// Re-confirming it is you in tests (docs/decisions/151): a real sign-in (a refresh-token family)
// with the password typed again, as the account page does before a passkey is added or removed.

/** The password the helpers give an account. */
export const STEP_UP_PASSWORD = 'a long enough test passphrase';
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(STEP_UP_PASSWORD));

type Ctx = Pick<TestContext, 'app' | 'db'>;

/** Gives the account STEP_UP_PASSWORD; answers its email. */
export async function givePassword(ctx: Ctx, userId: number): Promise<string> {
  const [row] = await ctx.db.update(users).set({ password_hash: await passwordHash() }).where(eq(users.id, userId)).returning({ email: users.email });
  return row!.email;
}

/** Re-confirms the sign-in `accessToken` belongs to with the account's password (given here). */
export async function stepUp(ctx: Ctx, userId: number, accessToken: string): Promise<string> {
  await givePassword(ctx, userId);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/step-up', headers: { authorization: `Bearer ${accessToken}` }, payload: { password: STEP_UP_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.statusCode} ${res.body}`);
  return accessToken;
}

/** A donor signed in with the password (a real sign-in), not yet re-confirmed. */
export async function signedInDonor(ctx: Ctx, userId: number): Promise<string> {
  const email = await givePassword(ctx, userId);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: STEP_UP_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}

/** A donor signed in and re-confirmed: a token that may add and remove passkeys for the next few minutes. */
export async function steppedUpDonor(ctx: Ctx, userId: number): Promise<string> {
  return stepUp(ctx, userId, await signedInDonor(ctx, userId));
}
