import { createHmac } from 'node:crypto';
import { UNSUBSCRIBE_LINK_TTL_MS } from '@uplift/core/mail-link-token';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createDonor } from '../billing/billing.test-support.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

// A mailed unsubscribe link names its account only inside a seal (docs/decisions/154): a reader of
// the link learns no account id; links mailed before keep working until they expire.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** Everything a reader of the token can decode from it: each dot-separated part, base64url-decoded, and the token itself. */
const readable = (token: string) => [token, ...token.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1'))].join('\n');
const withdrawals = (userId: number) => ctx.db.select().from(consentEvents).where(eq(consentEvents.user_id, userId));

describe('unsubscribe links', () => {
  it("carry no account id in clear, yet stop that account's mail at once", async () => {
    const donor = await createDonor(ctx.db);
    const links = await unsubscribeLinks({ key: ctx.app.config.mailLinks.key, appUrl: 'https://uplift.example', now: ctx.clock.now() }, donor.id, 'progress');
    const token = tokenOf(links.oneClick);
    expect(tokenOf(links.page)).toBe(token);
    expect(readable(token)).not.toMatch(new RegExp(`\\.${donor.id}\\.|progress|unsubscribe`));

    const described = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toMatchObject({ kind: 'progress', stopped: false });
    const stopped = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await withdrawals(donor.id)).toEqual([expect.objectContaining({ consent: 'progress', given: 'withdrawn', source: 'unsubscribe-link' })]);
  });

  it('mailed before, with the account id in clear, still work until they expire', async () => {
    const donor = await createDonor(ctx.db);
    const exp = Math.floor((ctx.clock.now().getTime() + UNSUBSCRIBE_LINK_TTL_MS) / 1000);
    const claims = `unsubscribe.${donor.id}.milestones.${exp}`;
    const signature = createHmac('sha256', ctx.app.config.mailLinks.key).update(`uplift/mail-link/v1\n${claims}`).digest('base64url');
    const token = `${Buffer.from(claims).toString('base64url')}.${signature}`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'milestones', stopped: true });

    const forged = `${Buffer.from(`unsubscribe.${donor.id + 1}.milestones.${exp}`).toString('base64url')}.${signature}`;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: forged } })).statusCode).toBe(400);
  });
});
