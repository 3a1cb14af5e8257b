import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema.ts';
import { ROLE_USER, type AuthUser } from '../../plugins/auth.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { insertUser } from '../admin/admin.test-support.ts';
import { revokeRefreshFamily } from './auth.repository.ts';
import { refreshCookieOf } from './auth.test-support.ts';
import { createCredential, getAssertion, type SoftPasskey } from './passkeys.test-support.ts';
import { requireStepUp, stepUp, type StepUpDeps } from './step-up.service.ts';
import { givePassword, signedInDonor, STEP_UP_PASSWORD, steppedUpDonor } from './step-up.test-support.ts';
import { totpCode } from './totp.ts';

// The edges of re-confirming it is you and of the second factor (docs/decisions/151): what a proof
// without a password says; a sign-in that ends while its proof is being checked (the authenticate
// guard refuses an ended sign-in's token first, so the service is called here as the route would,
// a moment later); an admin without a TOTP app; a donor's passkey sign-in once the donor turns the
// second factor on.

describe('re-confirming it is you, at the edges', () => {
  let ctx: TestContext;
  let deps: StepUpDeps;
  beforeAll(async () => {
    ctx = await createTestContext();
    deps = { db: ctx.db, clock: ctx.clock, log: pino({ level: 'silent' }), config: ctx.config };
  });
  beforeEach(() => ctx.clock.set(TEST_NOW));
  afterAll(async () => ctx.close());

  const here = { origin: 'http://localhost:3000', rpId: 'localhost' };
  const inject = (opts: InjectOptions) => ctx.app.inject({ remoteAddress: '203.0.113.7', ...opts });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const tokenOf = (res: LightMyRequestResponse) => res.json<{ access_token: string }>().access_token;
  async function addPasskey(token: string): Promise<SoftPasskey> {
    const opts = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(token) });
    expect(opts.statusCode, opts.body).toBe(200);
    const { passkey, response } = createCredential(opts.json(), here);
    const res = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(token), payload: { name: 'Phone', response } });
    expect(res.statusCode, res.body).toBe(201);
    return passkey;
  }
  async function signInWith(passkey: SoftPasskey) {
    const options = await inject({ method: 'POST', url: '/api/auth/passkeys/authentication/options' });
    return inject({ method: 'POST', url: '/api/auth/passkeys/authentication/verify', payload: { response: getAssertion(passkey, options.json(), here) } });
  }
  const stepUpWith = (token: string, payload: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/step-up', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${token}` }, payload });
  /** The sign-in (refresh-token family) of the donor's only live session. */
  async function familyOf(userId: number): Promise<string> {
    const rows = await ctx.db.selectDistinct({ family: refreshTokens.family_id }).from(refreshTokens).where(eq(refreshTokens.user_id, userId));
    expect(rows).toHaveLength(1);
    return rows[0]!.family;
  }

  it('asks an account without a second factor for its password, naming the field, when none is given or a code is', async () => {
    const donor = await insertUser(ctx);
    const token = await signedInDonor(ctx, donor.id);
    for (const payload of [{}, { code: '123456' }] as Record<string, string>[]) {
      const res = await stepUpWith(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'validation', message: 'Password is required', errors: [{ path: 'password', message: 'Password is required' }] });
    }
  });

  it('records no proof on a sign-in that ended after its token was checked, and a proof stops counting when its sign-in ends', async () => {
    const donor = await insertUser(ctx);
    await signedInDonor(ctx, donor.id);
    const session = await familyOf(donor.id);
    const user: AuthUser = { id: donor.id, permissions: [ROLE_USER], session };
    const asker = { user, ip: '203.0.113.7', requestId: 'req-1' };

    const until = await stepUp(deps, asker, { password: STEP_UP_PASSWORD });
    expect(until.toISOString()).toBe(new Date(Date.parse(TEST_NOW) + 5 * 60_000).toISOString());
    await expect(requireStepUp(deps, user)).resolves.toEqual({ totpPassed: false });

    await revokeRefreshFamily(ctx.db, session, ctx.clock.now());
    await expect(requireStepUp(deps, user)).rejects.toMatchObject({ code: 'auth.step_up_required', status: 403 });
    await expect(stepUp(deps, asker, { password: STEP_UP_PASSWORD })).rejects.toMatchObject({ code: 'auth.unauthorized', status: 401 });
    const rows = await ctx.db.select({ at: refreshTokens.stepped_up_at }).from(refreshTokens).where(eq(refreshTokens.family_id, session));
    expect(rows.map((r) => r.at?.toISOString())).toEqual([TEST_NOW]);
  });
  it('asks an admin without a TOTP app to set one up after the password, before any admin route', async () => {
    const admin = await insertUser(ctx, { role: 'admin', totp_secret: null });
    const email = await givePassword(ctx, admin.id);
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: STEP_UP_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ two_factor: 'enrol' });
    const refused = await inject({ method: 'GET', url: '/api/admin/system', headers: bearer(tokenOf(login)) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.two_factor_enrolment_required' });
  });

  it("asks a donor's passkey sign-in from before the second factor was turned on for the code at its next refresh, as a password sign-in", async () => {
    const donor = await insertUser(ctx);
    const token = await steppedUpDonor(ctx, donor.id);
    const passkey = await addPasskey(token);
    const viaPasskey = await signInWith(passkey);
    expect(viaPasskey.statusCode, viaPasskey.body).toBe(200);
    expect(viaPasskey.json()).not.toHaveProperty('two_factor');
    const viaPassword = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: donor.email, password: STEP_UP_PASSWORD } });
    expect(viaPassword.statusCode).toBe(200);

    // Turned on in the first sign-in, re-confirmed a moment ago.
    const started = await inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', headers: bearer(token) });
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await inject({ method: 'POST', url: '/api/auth/two-factor/enrolment/confirm', headers: bearer(token), payload: { code: totpCode(secret, ctx.clock.now()) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // Neither other sign-in passed a code: each is asked for one at its next refresh.
    for (const [how, signIn] of [['password', viaPassword], ['passkey', viaPasskey]] as const) {
      const refreshed = await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: refreshCookieOf(signIn)!.value } });
      expect(refreshed.statusCode, how).toBe(200);
      expect(refreshed.json(), how).toMatchObject({ two_factor: 'code' });
      const account = await inject({ method: 'GET', url: '/api/account', headers: bearer(tokenOf(refreshed)) });
      expect(account.statusCode, how).toBe(403);
      expect(account.json(), how).toMatchObject({ code: 'auth.two_factor_required' });
    }
  });
});
