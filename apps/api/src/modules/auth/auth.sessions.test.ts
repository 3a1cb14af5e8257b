import { MSG } from '@uplift/core/messages';
import Fastify, { type InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import authPlugin from '../../plugins/auth.ts';
import errorsPlugin from '../../plugins/errors.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { ensureAdmin } from './admin-bootstrap.ts';
import { totpCode } from './totp.ts';
import { captureLogs, refreshCookieOf, registration, seedOpenCampaign, signUp, startSmtpServer, tokenIn } from './auth.test-support.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * 60 * MINUTE;
const REPLAYED = 'used refresh token presented again: its sessions are revoked';
const RACED = 'refresh token used twice at once: its sessions are revoked';

describe('tokens and sessions', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let open: Awaited<ReturnType<typeof seedOpenCampaign>>;
  const logs = captureLogs();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url }, logger: logs.logger });
    open = await seedOpenCampaign(ctx.db, ctx.clock.now());
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const at = (msFromStart: number) => ctx.clock.set(new Date(Date.parse(TEST_NOW) + msFromStart).toISOString());
  const inject = (opts: InjectOptions) => ctx.app.inject(opts);
  const register = async () => {
    const body = registration(open.pledge);
    at(0);
    const res = await inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    return { body, token: tokenIn(smtp.last(body.email, /Activate/)) };
  };
  const activate = (token: string) => inject({ method: 'GET', url: `/api/auth/activate?activation_token=${encodeURIComponent(token)}` });
  const login = (email: string, password: string) => inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const refresh = (token: string) => inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: token } });
  const userInfo = (accessToken: string) =>
    inject({ method: 'GET', url: '/api/auth/user_info', headers: { authorization: `Bearer ${accessToken}` } });
  const userIdOf = async (email: string) =>
    (await ctx.db.$client.query<{ id: number }>('select id from users where email = $1', [email])).rows[0]!.id;
  /** A user's refresh tokens, oldest first: the family and whether each is used or revoked. */
  const tokensOf = async (userId: number) =>
    (
      await ctx.db.$client.query<{ id: number; family_id: string; used_at: Date | null; revoked_at: Date | null }>(
        'select id, family_id, used_at, revoked_at from refresh_tokens where user_id = $1 order by id',
        [userId],
      )
    ).rows;
  /** The app's warnings (pino level 40) about one user: a replayed refresh token is one. */
  const warningsAbout = (userId: number) =>
    logs.lines.map((l) => JSON.parse(l) as { level: number; userId?: number; msg: string }).filter((l) => l.level === 40 && l.userId === userId);
  /** Waits until `n` requests wait on a row lock to mark a refresh token used (a poll, not a fixed sleep). */
  const untilWaitingToMarkUsed = async (n: number) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 10))) {
      const { rows } = await ctx.db.$client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like 'update "refresh_tokens" set "used_at"%'`,
      );
      if (rows[0]!.n >= n) return;
    }
    throw new Error(`${n} refreshes never both waited to mark the token used`);
  };

  describe('activation token', () => {
    it('works once', async () => {
      const { token } = await register();
      expect((await activate(token)).statusCode).toBe(200);
      const again = await activate(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ message: MSG.invalidToken });
    });

    it('lasts 7 days', async () => {
      const { token } = await register();
      at(7 * DAY + MINUTE);
      expect((await activate(token)).statusCode).toBe(400);
      const { token: second } = await register();
      at(7 * DAY - MINUTE);
      expect((await activate(second)).statusCode).toBe(200);
      at(0);
    });

    it('is refused when tampered with', async () => {
      const { token } = await register();
      const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
      expect((await activate(flipped)).statusCode).toBe(400);
    });
  });

  describe('password reset token', () => {
    const forgot = (email: string) => inject({ method: 'POST', url: '/api/auth/forgot', payload: { email } });
    const reset = (reset_token: string, new_password: string) =>
      inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token, new_password } });

    it('works once and lasts one hour; only the newest one works', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      expect((await forgot(user.email)).statusCode).toBe(200);
      const first = tokenIn(smtp.last(user.email, /Reset/));
      expect((await forgot(user.email)).statusCode).toBe(200);
      const second = tokenIn(smtp.last(user.email, /Reset/));
      expect(second).not.toBe(first);
      expect((await reset(first, 'new password one')).json()).toMatchObject({ message: MSG.invalidToken });

      at(61 * MINUTE);
      const late = await reset(second, 'new password one');
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ message: MSG.invalidToken });

      at(2 * 60 * MINUTE);
      await forgot(user.email);
      const third = tokenIn(smtp.last(user.email, /Reset/));
      at(2 * 60 * MINUTE + 59 * MINUTE);
      expect((await reset(third, 'new password two')).statusCode).toBe(200);
      expect((await reset(third, 'new password three')).statusCode).toBe(400);
      at(0);
      expect((await login(user.email, 'new password two')).statusCode).toBe(200);
    });

    it('answers an unknown email exactly like a known one, and mails nobody', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const before = smtp.mails.length;
      const unknown = await forgot('nobody.here@example.org');
      expect(smtp.mails.length).toBe(before);
      const known = await forgot(user.email);
      expect(smtp.mails.length).toBe(before + 1);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
    });

    it('activates an account that was never activated (the mail proves the address)', async () => {
      const { body } = await register();
      await forgot(body.email);
      expect((await reset(tokenIn(smtp.last(body.email, /Reset/)), 'brand new password')).statusCode).toBe(200);
      expect((await login(body.email, 'brand new password')).statusCode).toBe(200);
    });
  });

  describe('login', () => {
    // The same answer and the same work for an unknown email: auth.login-equal-work.test.ts; the
    // time itself: npm run bench:login.
    it('answers an unknown email and a wrong password the same', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const wrong = await login(user.email, 'wrong password');
      const unknown = await login('nobody@example.org', 'wrong password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(wrong.json()).toEqual({ message: MSG.loginFailed, code: 'auth.login_failed' });
    });

    it('refuses an account whose hash is unusable (demo donors) like a wrong password', async () => {
      await ctx.db.$client.query(
        `insert into users (first_name, last_name, email, country, password_hash, activated) values ('Demo', 'Donor', 'demo.donor@example.org', 'NZ', '!', true)`,
      );
      const res = await login('demo.donor@example.org', '!');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: MSG.loginFailed });
    });

    it('sets the refresh cookie without Secure over plain http outside production (local development)', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const cookie = refreshCookieOf(await login(user.email, user.password))!;
      expect(cookie).toMatchObject({ name: 'uplift_refresh', httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(cookie.secure).toBeFalsy();
    });

    it('refuses the right password of an account not activated yet with 403', async () => {
      const { body } = await register();
      const res = await login(body.email, body.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.not_activated' });
      expect(refreshCookieOf(res)).toBeUndefined();
    });
  });

  describe('refresh token', () => {
    it('rotates on every use; replaying a used one revokes the whole family', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const first = await refresh(user.refreshToken);
      expect(first.statusCode).toBe(200);
      const second = refreshCookieOf(first)!.value;
      expect((await userInfo(first.json<{ access_token: string }>().access_token)).statusCode).toBe(200);

      const replay = await refresh(user.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(refreshCookieOf(replay)!.value).toBe('');
      // A replay is the sign of a copied token: a warning names the account.
      const userId = await userIdOf(user.email);
      expect(warningsAbout(userId)).toEqual([expect.objectContaining({ msg: REPLAYED })]);
      // The thief's copy spoiled the family: the legitimate newer token is revoked too.
      expect((await refresh(second)).statusCode).toBe(401);
      // A revoked token is refused without a second warning: it is not a new replay.
      expect(warningsAbout(userId)).toHaveLength(1);

      // Another session of the same user (another device) is untouched.
      const other = await login(user.email, user.password);
      expect((await refresh(refreshCookieOf(other)!.value)).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous uses through', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('two refreshes of one token that both find it unused: one is answered, the other revokes the family and warns', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const userId = await userIdOf(user.email);
      const current = refreshCookieOf(await refresh(user.refreshToken))!.value;
      const family = await tokensOf(userId); // the used first token, then the current one
      expect(family).toHaveLength(2);

      // Without a hold the second request usually reads the token already used (the replay branch).
      // Holding its row makes both read it unused and queue on the UPDATE that marks it used: once
      // released, one marks it and the other finds it used.
      const hold = new pg.Client({ connectionString: ctx.databaseUrl });
      await hold.connect();
      await hold.query('begin');
      await hold.query('select id from refresh_tokens where id = $1 for update', [family[1]!.id]);
      const racing = [refresh(current), refresh(current)];
      await untilWaitingToMarkUsed(2);
      await hold.query('commit');
      const answers = await Promise.all(racing);
      await hold.end();

      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      const loser = answers.find((r) => r.statusCode === 401)!;
      expect(loser.json()).toMatchObject({ code: 'auth.unauthorized' });
      expect(refreshCookieOf(loser)!.value).toBe('');
      // Treated as a replay: every token the family had when the loser lost is revoked. (The winner's
      // new token is written before or after that revocation, as the timing falls: not pinned.)
      const after = await tokensOf(userId);
      for (const t of family) expect(after.find((a) => a.id === t.id)!.revoked_at, `token ${t.id}`).toEqual(ctx.clock.now());
      expect(warningsAbout(userId)).toEqual([expect.objectContaining({ msg: RACED })]);
    });

    it('expires after 14 days', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      at(14 * DAY + MINUTE);
      expect((await refresh(user.refreshToken)).statusCode).toBe(401);
      at(0);
    });

    it('is refused from the instant its 14 days are up', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      at(14 * DAY);
      expect((await refresh(user.refreshToken)).statusCode).toBe(401);
      at(0);
    });

    it("a donor's session ends 30 days after signing in, however often it was refreshed", async () => {
      at(0);
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      let token = user.refreshToken;
      for (const day of [10, 20, 29]) {
        at(day * DAY);
        const res = await refresh(token);
        expect(res.statusCode, `day ${day}`).toBe(200);
        token = refreshCookieOf(res)!.value;
        // The cookie never outlives the session.
        expect(refreshCookieOf(res)!.maxAge).toBeLessThanOrEqual(Math.min(14, 30 - day) * DAY / 1000);
      }
      at(30 * DAY + MINUTE);
      const ended = await refresh(token);
      expect(ended.statusCode).toBe(401);
      expect(refreshCookieOf(ended)!.value).toBe('');
      // Logging in again starts a new session.
      expect((await login(user.email, user.password)).statusCode).toBe(200);
      at(0);
    });

    it("an admin's session ends 12 hours after signing in", async () => {
      at(0);
      await ensureAdmin(ctx.db, { email: 'lifetime.admin@example.org', password: 'admin password 123' }, ctx.clock.now());
      const signedIn = await login('lifetime.admin@example.org', 'admin password 123');
      expect(refreshCookieOf(signedIn)!.maxAge).toBe((12 * 60 * MINUTE) / 1000);
      at(11 * 60 * MINUTE);
      const refreshed = await refresh(refreshCookieOf(signedIn)!.value);
      expect(refreshed.statusCode).toBe(200);
      at(12 * 60 * MINUTE + MINUTE);
      expect((await refresh(refreshCookieOf(refreshed)!.value)).statusCode).toBe(401);
      at(0);
    });

    it("a donor made an admin keeps each session at most 12 hours from its sign-in", async () => {
      // The only way to the family-lifetime check: a token issued under a longer lifetime (a donor's
      // 14 days), refreshed after the account became an admin. Otherwise the token's own expiry,
      // capped at the family's end, refuses it first.
      at(0);
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const other = await login(user.email, user.password);
      // Made an admin with the same password (ADMIN_EMAIL, create-admin): its sessions go on.
      at(HOUR);
      expect(await ensureAdmin(ctx.db, { email: user.email, password: user.password }, ctx.clock.now())).toBe('updated');
      at(12 * HOUR - MINUTE);
      expect((await refresh(refreshCookieOf(other)!.value)).statusCode).toBe(200);
      at(12 * HOUR);
      const ended = await refresh(user.refreshToken);
      expect(ended.statusCode).toBe(401);
      expect(refreshCookieOf(ended)!.value).toBe('');
      // That family is revoked; the other sign-in's family lives on until its own 12 hours.
      const tokens = await tokensOf(await userIdOf(user.email));
      const firstFamily = tokens.filter((t) => t.family_id === tokens[0]!.family_id);
      const otherFamily = tokens.filter((t) => t.family_id !== tokens[0]!.family_id);
      expect(firstFamily.map((t) => t.revoked_at)).toEqual([ctx.clock.now()]);
      expect(otherFamily.map((t) => t.revoked_at)).toEqual([null, null]);
      at(0);
    });

    it('is required, and a made-up one is refused', async () => {
      const none = await inject({ method: 'POST', url: '/api/auth/refresh' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 'auth.unauthorized' });
      expect((await refresh('made-up-token')).statusCode).toBe(401);
    });

    it('logout without a session still answers 200', async () => {
      expect((await inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    });
  });

  describe('access token', () => {
    const key = () => new TextEncoder().encode(ctx.config.jwtSecret);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const nowSec = () => Math.floor(Date.now() / 1000);

    it('rejects tampering: alg none, a wrong signature, a changed claim, expiry, a wrong audience', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const [header, payload, signature] = user.accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;

      const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      const wrongSignature = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
      const elevated = `${header}.${b64({ ...claims, permissions: ['ROLE_USER', 'ROLE_ADMIN'] })}.${signature}`;
      const expired = await new SignJWT({ permissions: ['ROLE_USER'] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer('uplift-api')
        .setAudience('uplift-web')
        .setIssuedAt(nowSec() - 3600)
        .setExpirationTime(nowSec() - 1800)
        .sign(key());
      const otherAudience = await new SignJWT({ permissions: ['ROLE_USER'] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer('uplift-api')
        .setAudience('someone-else')
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(key());
      const otherSecret = await new SignJWT({ permissions: ['ROLE_USER'] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer('uplift-api')
        .setAudience('uplift-web')
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));

      expect((await userInfo(user.accessToken)).statusCode).toBe(200);
      for (const token of [algNone, wrongSignature, elevated, expired, otherAudience, otherSecret, 'garbage']) {
        const res = await userInfo(token);
        expect(res.statusCode, token).toBe(401);
      }
    });
  });

  describe('roles', () => {
    it('puts ROLE_ADMIN in an admin token only after the second factor; an admin-only route answers 401 / 403 / 200', async () => {
      await ensureAdmin(ctx.db, { email: 'boss@example.org', password: 'admin password 123' }, ctx.clock.now());
      const admin = await login('boss@example.org', 'admin password 123');
      expect(admin.statusCode).toBe(200);
      const passwordStep = admin.json<{ access_token: string }>().access_token;
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const claimsOf = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { permissions: string[] };
      expect(claimsOf(passwordStep).permissions).toEqual(['ROLE_USER']);
      expect(claimsOf(user.accessToken).permissions).toEqual(['ROLE_USER']);
      const enrolment = await inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', headers: { authorization: `Bearer ${passwordStep}` } });
      const enrolled = await inject({
        method: 'POST',
        url: '/api/auth/two-factor/enrolment/confirm',
        headers: { authorization: `Bearer ${passwordStep}` },
        payload: { code: totpCode(enrolment.json<{ secret: string }>().secret, ctx.clock.now()) },
      });
      const adminToken = enrolled.json<{ access_token: string }>().access_token;
      expect(claimsOf(adminToken).permissions).toEqual(['ROLE_USER', 'ROLE_ADMIN']);

      // The guard every admin route uses, with tokens the real login issued.
      const guarded = Fastify();
      await guarded.register(errorsPlugin);
      await guarded.register(authPlugin, { jwtSecret: ctx.config.jwtSecret });
      guarded.get('/admin-only', { preHandler: guarded.requireAdmin }, async () => ({ ok: true }));
      const call = (token?: string) =>
        guarded.inject({ method: 'GET', url: '/admin-only', headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect((await call()).statusCode).toBe(401);
      expect((await call(user.accessToken)).statusCode).toBe(403);
      expect((await call(passwordStep)).statusCode).toBe(403);
      expect((await call(adminToken)).statusCode).toBe(200);
      await guarded.close();
    });
  });
});

describe('refresh cookie over https', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url, APP_URL: 'https://uplift.example.org' } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('is __Host-prefixed, Secure and on Path=/ whenever APP_URL is https (docs/decisions/130)', async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const body = registration(open.pledge);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    await ctx.app.inject({ method: 'GET', url: `/api/auth/activate?activation_token=${tokenIn(smtp.last(body.email, /Activate/))}` });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
    const cookie = login.cookies.find((c) => c.name === '__Host-uplift_refresh')!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    // __Host- means no Domain attribute.
    expect(cookie.domain).toBeUndefined();
    expect(login.cookies.find((c) => c.name === 'uplift_refresh' || c.name === '__Secure-uplift_refresh')).toBeUndefined();
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { '__Host-uplift_refresh': cookie.value } });
    expect(refreshed.statusCode).toBe(200);
    // The unprefixed name is not read: a cookie planted over plain http cannot stand in.
    const next = refreshed.cookies.find((c) => c.name === '__Host-uplift_refresh')!.value;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: next } })).statusCode).toBe(401);
  });

  it('still takes the old __Secure- cookie when refreshing, for one release, and replaces it with the __Host- one', async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const body = registration(open.pledge);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    await ctx.app.inject({ method: 'GET', url: `/api/auth/activate?activation_token=${tokenIn(smtp.last(body.email, /Activate/))}` });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
    const token = login.cookies.find((c) => c.name === '__Host-uplift_refresh')!.value;
    // A browser that signed in before the rename holds the token under the old name.
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { '__Secure-uplift_refresh': token } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.cookies.find((c) => c.name === '__Host-uplift_refresh')).toMatchObject({ path: '/', secure: true, httpOnly: true });
    const old = refreshed.cookies.find((c) => c.name === '__Secure-uplift_refresh')!;
    expect(old).toMatchObject({ value: '', path: '/api/auth' });
    expect(old.expires!.getTime()).toBeLessThan(Date.now());
  });
});
