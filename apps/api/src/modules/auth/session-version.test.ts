import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { insertUser, signInAdmin } from '../admin/admin.test-support.ts';
import { insertAuthToken } from './auth.repository.ts';
import { hashPassword } from './password.ts';
import { hashToken, newToken } from './tokens.ts';
import { refreshCookieOf } from './auth.test-support.ts';

// When every session of an account ends (password change or reset, erasure, a second factor
// reset), access tokens issued before are refused at once, not up to 15 minutes later; so is the
// access token of a sign-in that ends on its own (logout: docs/decisions/123).

const PASSWORD = 'the first long passphrase';
const NEW_PASSWORD = 'the second long passphrase';

describe('access tokens end with their sessions', () => {
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => ctx.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const userInfo = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/user_info', headers: bearer(token) });
  /** A browser signed in to the account: its access token and refresh cookie. */
  async function device(email: string, password = PASSWORD) {
    return (await signIn(email, password)).accessToken;
  }
  async function signIn(email: string, password = PASSWORD) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return { accessToken: res.json<{ access_token: string }>().access_token, cookie: refreshCookieOf(res)!.value };
  }
  const donor = () => insertUser(ctx, { password_hash: passwordHash });

  it('a password change refuses the other browsers at once and keeps the one that made it', async () => {
    const { email } = await donor();
    const [here, there] = [await device(email), await device(email)];
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(here),
      payload: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await userInfo(there);
    expect(refused.statusCode).toBe(401);
    expect((await userInfo(here)).statusCode).toBe(401);
    expect((await userInfo(changed.json<{ access_token: string }>().access_token)).statusCode).toBe(200);
    expect((await userInfo(await device(email, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('a password reset refuses every access token issued before it', async () => {
    const { id, email } = await donor();
    const before = await device(email);
    expect((await userInfo(before)).statusCode).toBe(200);
    // The mailed link, as /api/auth/forgot would have made it.
    const resetToken = newToken();
    const now = ctx.clock.now();
    await insertAuthToken(ctx.db, { user_id: id, purpose: 'reset', token_hash: hashToken(resetToken), expires_at: new Date(now.getTime() + 60_000), created_at: now });
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token: resetToken, new_password: NEW_PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await userInfo(before)).statusCode).toBe(401);
    expect((await userInfo(await device(email, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('erasing the account refuses its access tokens at once', async () => {
    const { email } = await donor();
    const [here, there] = [await device(email), await device(email)];
    const erased = await ctx.app.inject({ method: 'POST', url: '/api/account/erase', headers: bearer(here), payload: { password: PASSWORD } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await userInfo(there)).statusCode).toBe(401);
    expect((await userInfo(here)).statusCode).toBe(401);
  });

  it("resetting an admin's second factor takes the admin rights of their live tokens at once", async () => {
    const [lost, helper] = [await insertUser(ctx, { role: 'admin' }), await insertUser(ctx, { role: 'admin' })];
    const lostToken = (await signInAdmin(ctx, lost)).access_token;
    const helperToken = (await signInAdmin(ctx, helper)).access_token;
    const audit = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(token) });
    expect((await audit(lostToken)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${lost.id}/two-factor/reset`, headers: bearer(helperToken) })).statusCode).toBe(200);
    expect((await audit(lostToken)).statusCode).toBe(401);
    expect((await audit(helperToken)).statusCode).toBe(200);
  });

  it("logging out refuses that browser's access token at once, and leaves the account's other browsers signed in", async () => {
    const { email } = await donor();
    const [here, there] = [await signIn(email), await signIn(email)];
    expect((await userInfo(here.accessToken)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { uplift_refresh: here.cookie } });
    expect(out.statusCode).toBe(200);
    const refused = await userInfo(here.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'auth.unauthorized', message: 'Your session has expired. Please log in again.' });
    expect((await userInfo(there.accessToken)).statusCode).toBe(200);
    // A refreshed token of the other sign-in works too: rotation keeps the sign-in live.
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: there.cookie } });
    expect((await userInfo(refreshed.json<{ access_token: string }>().access_token)).statusCode).toBe(200);
    expect((await userInfo(there.accessToken)).statusCode).toBe(200);
  });
});
