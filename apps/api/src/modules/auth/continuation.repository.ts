import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';

// A registration's continuation (docs/decisions/168): an auth token of purpose 'continuation', kept
// only as its hash, bound to the registered account, live 30 minutes from the registration.

const live = (tokenHash: string, now: Date) =>
  and(eq(authTokens.token_hash, tokenHash), eq(authTokens.purpose, 'continuation'), isNull(authTokens.used_at), gt(authTokens.expires_at, now));

/** Only an activated account that is not erased can be continued. */
const accountReady = sql`exists (select 1 from ${users} where ${users.id} = ${authTokens.user_id} and ${users.activated} and ${users.erased_at} is null)`;

/** The first name of the account a live continuation belongs to, when that account can be continued; nothing is used up. */
export async function liveContinuation(db: Executor, tokenHash: string, now: Date): Promise<{ userId: number; firstName: string } | undefined> {
  const [row] = await db
    .select({ userId: users.id, firstName: users.first_name })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.user_id))
    .where(and(live(tokenHash, now), eq(users.activated, true), isNull(users.erased_at)));
  return row;
}

/**
 * Uses a live continuation up, atomically, and answers its account: of two concurrent presses
 * only one gets it. A continuation of an account not yet activated is left as it is (activation
 * may still come within its 30 minutes).
 */
export async function consumeContinuation(db: Executor, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ used_at: now })
    .where(and(live(tokenHash, now), accountReady))
    .returning({ user_id: authTokens.user_id });
  return row?.user_id;
}
