import type { AccountSession } from '@uplift/core/schemas/sessions';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { refreshTokens, sessionDevices } from '../../db/schema.ts';
import { revokeOtherRefreshFamilies, revokeRefreshFamily } from './auth.repository.ts';
import { ipCountry } from '../geo/index.ts';
import { describeUserAgent } from './user-agent.ts';

// The donor's signed-in devices (docs/decisions/130): one row per live refresh-token family,
// with the device it started on. Ending one revokes its family, and the guard then refuses its
// access tokens at once (they carry the family as `sid`, docs/decisions/078).

const USER_AGENT_MAX = 512;

/** Notes the device of a sign-in when it starts, and when it was last used on every refresh. */
export async function recordSessionDevice(
  db: Executor,
  device: { familyId: string; userId: number; userAgent: string | undefined; country: string | undefined; now: Date },
): Promise<void> {
  await db
    .insert(sessionDevices)
    .values({
      family_id: device.familyId,
      user_id: device.userId,
      user_agent: (device.userAgent ?? '').slice(0, USER_AGENT_MAX),
      country: device.country ?? null,
      started_at: device.now,
      last_used_at: device.now,
    })
    .onConflictDoUpdate({ target: sessionDevices.family_id, set: { last_used_at: device.now } });
}

/** Notes the device of the request that started or refreshed the sign-in `session` (its user agent, its IP's country). */
export async function recordRequestDevice(db: Executor, request: FastifyRequest, session: { family: string; userId: number }, now: Date): Promise<void> {
  await recordSessionDevice(db, { familyId: session.family, userId: session.userId, userAgent: request.headers['user-agent'], country: ipCountry(request.headers), now });
}

/** The live sign-ins of a user, most recently used first; `current` is the asking device's family. */
export async function listSessions(db: Executor, userId: number, current: string | undefined, now: Date): Promise<AccountSession[]> {
  const rows = await db
    .select({
      family: refreshTokens.family_id,
      firstToken: sql<Date>`min(${refreshTokens.created_at})`.mapWith(refreshTokens.created_at),
      lastToken: sql<Date>`max(${refreshTokens.created_at})`.mapWith(refreshTokens.created_at),
      userAgent: sessionDevices.user_agent,
      country: sessionDevices.country,
      startedAt: sessionDevices.started_at,
      lastUsedAt: sessionDevices.last_used_at,
    })
    .from(refreshTokens)
    .leftJoin(sessionDevices, eq(sessionDevices.family_id, refreshTokens.family_id))
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)))
    .groupBy(refreshTokens.family_id, sessionDevices.family_id)
    // Live: its newest token is still unused and unexpired.
    .having(sql`bool_or(${refreshTokens.used_at} is null and ${refreshTokens.expires_at} > ${now.toISOString()}::timestamptz)`);
  return rows
    .map((row) => {
      const { browser, system } = describeUserAgent(row.userAgent ?? undefined);
      const signedIn = row.startedAt ?? row.firstToken;
      const lastUsed = row.lastUsedAt ?? row.lastToken;
      return {
        id: row.family,
        browser,
        system,
        country: row.country ?? null,
        signed_in_at: signedIn.toISOString(),
        last_used_at: lastUsed.toISOString(),
        current: row.family === current,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at));
}

/** Ends one of the user's sign-ins; false when it is not theirs or already ended. */
export async function endSession(db: Executor, userId: number, familyId: string, now: Date): Promise<boolean> {
  const [live] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.family_id, familyId), eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)))
    .limit(1);
  if (!live) return false;
  await revokeRefreshFamily(db, familyId, now);
  return true;
}

/** Ends every sign-in of the user but the asking one. */
export async function endSessionsExcept(db: Executor, userId: number, keep: string, now: Date): Promise<void> {
  await revokeOtherRefreshFamilies(db, userId, keep, now);
}
