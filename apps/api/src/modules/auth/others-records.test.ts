import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, refreshTokens } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createDonor, tokenFor } from '../billing/billing.test-support.ts';
import { captureLogs } from './auth.test-support.ts';
import { steppedUpDonor } from './step-up.test-support.ts';

// Asking to end another person's sign-in or remove their passkey answers the same 404 as a
// missing one, and is a security event `security.access_refused` (docs/security.md); a missing
// one is not (docs/decisions/154).

type Line = { event?: string; userId?: number | null; status?: number };

let ctx: TestContext;
const logs = captureLogs();
beforeAll(async () => {
  ctx = await createTestContext({ logger: logs.logger });
});
afterAll(async () => ctx.close());

const refusals = (from: number) =>
  logs.lines
    .slice(from)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.event === 'security.access_refused');

async function ask(userId: number, url: string, token?: string) {
  const from = logs.lines.length;
  const res = await ctx.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token ?? (await tokenFor(ctx, userId))}` } });
  return { res, lines: refusals(from) };
}

describe("another person's sign-in or passkey", () => {
  it("ending another's sign-in: 404 as for a missing one, logged as refused access; a missing one is not logged", async () => {
    const [owner, asker] = [await createDonor(ctx.db), await createDonor(ctx.db)];
    const family = randomUUID();
    await ctx.db.insert(refreshTokens).values({ user_id: owner.id, family_id: family, token_hash: `hash-${family}`, expires_at: new Date(ctx.clock.now().getTime() + 86_400_000) });

    const theirs = await ask(asker.id, `/api/account/sessions/${family}`);
    expect(theirs.res.statusCode).toBe(404);
    expect(theirs.res.json().message).toBe('That device is not signed in to your account.');
    expect(theirs.lines).toEqual([expect.objectContaining({ userId: asker.id, status: 404 })]);

    const missing = await ask(asker.id, `/api/account/sessions/${randomUUID()}`);
    expect(missing.res.statusCode).toBe(404);
    expect(missing.lines).toEqual([]);
  });

  it("removing another's passkey: 404 as for a missing one, logged as refused access; the passkey stays", async () => {
    const [owner, asker] = [await createDonor(ctx.db), await createDonor(ctx.db)];
    const [key] = await ctx.db
      .insert(passkeys)
      .values({ user_id: owner.id, credential_id: `cred-${owner.id}`, public_key: Buffer.from([1, 2, 3]), name: 'Phone', created_at: ctx.clock.now() })
      .returning();

    // Removing a passkey needs the password typed again in this sign-in (docs/decisions/151); the
    // asker has done that, so what answers is whose passkey it is.
    const token = await steppedUpDonor(ctx, asker.id);
    const theirs = await ask(asker.id, `/api/auth/passkeys/${key!.id}`, token);
    expect(theirs.res.statusCode).toBe(404);
    expect(theirs.lines).toEqual([expect.objectContaining({ userId: asker.id, status: 404 })]);
    expect(await ctx.db.select({ id: passkeys.id }).from(passkeys)).toEqual([{ id: key!.id }]);

    const missing = await ask(asker.id, `/api/auth/passkeys/${key!.id + 1000}`, token);
    expect(missing.res.statusCode).toBe(404);
    expect(missing.lines).toEqual([]);
  });
});
