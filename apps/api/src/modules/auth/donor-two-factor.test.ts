import { STEP_UP_WINDOW_MS } from '@uplift/core/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { insertUser, signInAdmin } from '../admin/admin.test-support.ts';
import { refreshCookieOf } from './auth.test-support.ts';
import { givePassword, STEP_UP_PASSWORD, stepUp } from './step-up.test-support.ts';
import { totpCode } from './totp.ts';

// A second factor for donors who want one (docs/decisions/151, docs/security.md 6.3.2): the
// admins' TOTP and recovery codes, turned on and off in /account with the password typed again.

describe("a donor's two-factor sign-in", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  beforeEach(() => ctx.clock.set(TEST_NOW));
  afterAll(async () => ctx.close());

  const inject = (opts: InjectOptions) => ctx.app.inject({ remoteAddress: '203.0.113.21', ...opts });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const tokenOf = (res: LightMyRequestResponse) => res.json<{ access_token: string }>().access_token;
  const later = (ms: number) => ctx.clock.set(new Date(Date.parse(TEST_NOW) + ms).toISOString());
  const status = async (token: string) => (await inject({ method: 'GET', url: '/api/auth/two-factor', headers: bearer(token) })).json();
  const notices = async (email: string) =>
    (await ctx.db.select({ subject: mails.subject }).from(mails).where(and(eq(mails.to_address, email), eq(mails.kind, 'security-notice'))).orderBy(mails.id)).map((m) => m.subject);

  async function logIn(email: string) {
    const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: STEP_UP_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  /** Turns it on from /account: the password again, the QR code's secret, its first code. */
  async function turnOn(userId: number, email: string) {
    const login = await logIn(email);
    const token = tokenOf(login);
    const refused = await inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.step_up_required' });
    await stepUp(ctx, userId, token);
    const started = await inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', headers: bearer(token) });
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await inject({
      method: 'POST',
      url: '/api/auth/two-factor/enrolment/confirm',
      headers: bearer(token),
      cookies: { uplift_refresh: refreshCookieOf(login)!.value },
      payload: { code: totpCode(secret, ctx.clock.now()) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, token: tokenOf(confirmed), recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  it('is off until the donor turns it on with the password typed again; then the password alone opens nothing until the code', async () => {
    const donor = await insertUser(ctx);
    const email = await givePassword(ctx, donor.id);
    expect(await status(tokenOf(await logIn(email)))).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });

    const { secret, token, recoveryCodes } = await turnOn(donor.id, email);
    expect(recoveryCodes).toHaveLength(10);
    expect(await status(token)).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    expect((await inject({ method: 'GET', url: '/api/account', headers: bearer(token) })).statusCode).toBe(200);
    expect(await notices(email)).toEqual(['Two-factor sign-in was set up on your Uplift account']);

    const passwordStep = await logIn(email);
    expect(passwordStep.json()).toMatchObject({ two_factor: 'code' });
    const refused = await inject({ method: 'GET', url: '/api/account', headers: bearer(tokenOf(passwordStep)) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.two_factor_required' });
    later(30_000);
    const verified = await inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: bearer(tokenOf(passwordStep)),
      cookies: { uplift_refresh: refreshCookieOf(passwordStep)!.value },
      payload: { code: totpCode(secret, ctx.clock.now()) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/account', headers: bearer(tokenOf(verified)) })).statusCode).toBe(200);

    // A recovery code works once, in place of the app's code; the donor is told.
    const again = await logIn(email);
    const byRecovery = await inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: bearer(tokenOf(again)), payload: { code: recoveryCodes[0]! } });
    expect(byRecovery.statusCode).toBe(200);
    expect((await notices(email)).at(-1)).toBe('A recovery code was used to sign in to your Uplift account');
  });

  it('turns off only with the password typed again; the password alone then signs in; an admin cannot turn it off', async () => {
    const donor = await insertUser(ctx);
    const email = await givePassword(ctx, donor.id);
    const { token } = await turnOn(donor.id, email);
    later(STEP_UP_WINDOW_MS);
    const refused = await inject({ method: 'DELETE', url: '/api/auth/two-factor', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.step_up_required' });
    await stepUp(ctx, donor.id, token);
    const off = await inject({ method: 'DELETE', url: '/api/auth/two-factor', headers: bearer(token) });
    expect(off.statusCode, off.body).toBe(200);
    expect(await status(token)).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    expect((await logIn(email)).json()).not.toHaveProperty('two_factor');
    expect((await notices(email)).at(-1)).toBe('Two-factor sign-in was turned off on your Uplift account');

    const admin = await insertUser(ctx, { role: 'admin' });
    const adminToken = await stepUp(ctx, admin.id, (await signInAdmin(ctx, admin)).access_token);
    expect(await status(adminToken)).toEqual({ enabled: true, required: true, recovery_codes_left: 0 });
    const kept = await inject({ method: 'DELETE', url: '/api/auth/two-factor', headers: bearer(adminToken) });
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ code: 'auth.two_factor_required_for_admins' });
  });
});
