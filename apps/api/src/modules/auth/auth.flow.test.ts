import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, pledges, refreshTokens, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { captureLogs, refreshCookieOf, registration, seedOpenCampaign, startSmtpServer, tokenIn } from './auth.test-support.ts';
import { TERMS_VERSION } from './auth.service.ts';
import { hashToken } from './tokens.ts';

const SECURE_COOKIE = '__Host-uplift_refresh';

// The whole account lifecycle against a real PostgreSQL and a real SMTP server, with the app's
// logs captured (production configuration) so the last test can prove no secret was logged.
describe('account lifecycle', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let open: Awaited<ReturnType<typeof seedOpenCampaign>>;
  const logs = captureLogs();
  const secrets: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url, APP_URL: 'https://uplift.example' }, logger: logs.logger });
    open = await seedOpenCampaign(ctx.db, ctx.clock.now());
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const body = () => registration(open.pledge, { email: 'sam.lifecycle@example.org', first_name: 'Sam', opt_in_charity_comms: true });
  let accessToken = '';
  let refreshToken = '';

  it('registers an account with its Pending pledge, recording consent and opt-ins with their time', async () => {
    const input = { ...body(), email: '  Sam.Lifecycle@Example.org ' };
    secrets.push(input.password);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.stringContaining('activation token') });

    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'sam.lifecycle@example.org'));
    expect(user).toMatchObject({
      first_name: 'Sam',
      country: 'NZ',
      role: 'user',
      activated: false,
      terms_version: TERMS_VERSION,
      opt_in_uplift_comms: true,
      opt_in_charity_comms: true,
    });
    expect(user!.terms_accepted_at).toEqual(ctx.clock.now());
    expect(user!.opt_in_uplift_comms_at).toEqual(ctx.clock.now());
    expect(user!.opt_in_charity_comms_at).toEqual(ctx.clock.now());
    expect(user!.password_hash).toMatch(/^scrypt\$17\$8\$1\$/);
    secrets.push(user!.password_hash);

    const userPledges = await ctx.db.select().from(pledges).where(eq(pledges.user_id, user!.id));
    expect(userPledges).toEqual([
      expect.objectContaining({
        campaign_id: open.pledge.campaign_id,
        challenge_id: open.pledge.challenge_id,
        recipient_id: open.pledge.recipient_id,
        number_of_units: 2,
        cost_per_unit: 500,
        period: 'weekly',
        confirmed_amount: open.totalMinor,
        pledge_status: 'Pending',
      }),
    ]);
  });

  it('mails the activation token on its own line with a link, and stores only its hash', async () => {
    const mail = smtp.last('sam.lifecycle@example.org', /^Activate your Uplift account$/);
    const token = tokenIn(mail);
    secrets.push(token);
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits
    expect(mail.text).toContain(`https://uplift.example/activate?token=${token}`);
    expect(mail.text).toContain('Kia ora Sam,');
    expect(mail.text).toContain('Uplift Charitable Trust');
    expect(mail.html).toContain(`https://uplift.example/activate?token=${token}`);
    const rows = await ctx.db.select().from(authTokens);
    // Beside the activation token, the registering browser's continuation (docs/decisions/168), a hash too.
    expect(rows.map((r) => r.purpose).sort()).toEqual(['activation', 'continuation']);
    expect(rows.filter((r) => r.purpose === 'activation').map((r) => r.token_hash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses login before activation with a message that says to activate', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'sam.lifecycle@example.org', password: body().password } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'auth.not_activated', message: expect.stringContaining('not activated') });
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('activates with the mailed token', async () => {
    const token = tokenIn(smtp.last('sam.lifecycle@example.org', /Activate/));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/activate?activation_token=${token}` });
    expect(res.statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'sam.lifecycle@example.org'));
    expect(user).toMatchObject({ activated: true, activated_at: ctx.clock.now() });
  });

  it('logs in (any case of the email) with an access token and a strict httpOnly refresh cookie', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'SAM.lifecycle@example.org', password: body().password } });
    expect(res.statusCode).toBe(200);
    accessToken = res.json<{ access_token: string }>().access_token;
    secrets.push(accessToken);
    const cookie = refreshCookieOf(res)!;
    refreshToken = cookie.value;
    secrets.push(refreshToken);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // APP_URL is https here: the cookie is Secure and __Host-prefixed (docs/decisions/130).
    expect(cookie).toMatchObject({ name: SECURE_COOKIE, secure: true });
    expect(res.headers['cache-control']).toBe('no-store');
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ permissions: ['ROLE_USER'], aud: 'uplift-web', iss: 'uplift-api' });
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('answers user_info for the signed-in user only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user_info', headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      first_name: 'Sam',
      last_name: 'Test',
      email: 'sam.lifecycle@example.org',
      user_address: '1 Queen Street, Auckland',
      country: 'NZ',
      activated: true,
      opt_in_uplift_comms: true,
      opt_in_charity_comms: true,
    });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/auth/user_info' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rotates the refresh token on use', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [SECURE_COOKIE]: refreshToken } });
    expect(res.statusCode).toBe(200);
    const next = refreshCookieOf(res)!.value;
    expect(next).not.toBe(refreshToken);
    secrets.push(next, res.json<{ access_token: string }>().access_token);
    refreshToken = next;
  });

  it('logs out: the refresh token no longer works and the cookie is cleared', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [SECURE_COOKIE]: refreshToken } });
    expect(res.statusCode).toBe(200);
    const cleared = refreshCookieOf(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/');
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [SECURE_COOKIE]: refreshToken } });
    expect(again.statusCode).toBe(401);
  });

  it('recovers the password by mail; the reset ends every session; the new password works', async () => {
    const email = 'sam.lifecycle@example.org';
    const oldPassword = body().password;
    const login = async (password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    // Two sessions (say, phone and laptop).
    const sessions = [refreshCookieOf(await login(oldPassword))!.value, refreshCookieOf(await login(oldPassword))!.value];
    secrets.push(...sessions);

    const forgot = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const mail = smtp.last(email, /^Reset your Uplift password$/);
    const token = tokenIn(mail);
    secrets.push(token);
    expect(mail.text).toContain(`https://uplift.example/reset-password?token=${token}`);

    const newPassword = 'an even longer and more memorable passphrase ✓';
    secrets.push(newPassword);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token: token, new_password: newPassword } });
    expect(reset.statusCode).toBe(200);

    for (const session of sessions) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [SECURE_COOKIE]: session } });
      expect(res.statusCode).toBe(401);
    }
    const live = await ctx.db.select().from(refreshTokens);
    expect(live.every((r) => r.revoked_at !== null || r.used_at !== null)).toBe(true);
    expect((await login(oldPassword)).statusCode).toBe(401);
    const fresh = await login(newPassword);
    expect(fresh.statusCode).toBe(200);
    secrets.push(fresh.json<{ access_token: string }>().access_token, refreshCookieOf(fresh)!.value);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    secrets.push(user!.password_hash);
  });

  it('never writes a password, token or hash to the logs', async () => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'sam.lifecycle@example.org'));
    const hashes = (await ctx.db.select().from(authTokens)).map((t) => t.token_hash);
    const refreshHashes = (await ctx.db.select().from(refreshTokens)).map((t) => t.token_hash);
    const all = logs.lines.join('\n');
    expect(logs.lines.length).toBeGreaterThan(10); // requests were logged
    expect(all).toContain('/api/auth/activate?activation_token=[redacted]');
    for (const secret of [...secrets, user!.password_hash, ...hashes, ...refreshHashes]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/scrypt\$/);
  });
});
