import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledges, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { signInAdmin } from '../admin/admin.test-support.ts';
import { captureLogs, refreshCookieOf, registration, seedOpenCampaign, signUp, startSmtpServer, tokenIn } from './auth.test-support.ts';
import { hashPassword } from './password.ts';
import { encryptSecret } from './secrets.ts';
import { createCredential, getAssertion, type SoftPasskey } from './passkeys.test-support.ts';
import { SECURITY_EVENTS, type SecurityEventName } from './security-events.ts';

// Every security event is ONE structured log line {event: 'security.<name>', userId, ip,
// requestId} and never carries a secret (docs/security.md).

const HERE = { origin: 'http://localhost:3000', rpId: 'localhost' };

const IP = '203.0.113.5';
type Line = { event?: string; userId?: number | null; ip?: string; requestId?: string; [key: string]: unknown };

describe('security events', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const logs = captureLogs();
  const secrets: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url }, logger: logs.logger });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const events = (): Line[] =>
    logs.lines
      .map((l) => JSON.parse(l) as Line)
      .filter((l) => typeof l.event === 'string' && l.event.startsWith('security.'));
  /** The lines of one event since `from` (an index into the log). */
  const linesOf = (name: SecurityEventName, from: number) => events().slice(from).filter((l) => l.event === `security.${name}`);
  const inject = (opts: InjectOptions) => ctx.app.inject({ remoteAddress: IP, ...opts });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Runs `action` and expects exactly one line of `name`, about `userId`, with the IP and a request id. */
  async function expectEvent(name: SecurityEventName, userId: number | null, action: () => Promise<unknown>) {
    const from = events().length;
    await action();
    const lines = linesOf(name, from);
    expect(lines, `security.${name}`).toHaveLength(1);
    expect(lines[0]).toMatchObject({ event: `security.${name}`, userId, ip: IP, requestId: expect.stringMatching(/\S/) });
    seen.add(name);
  }
  const seen = new Set<SecurityEventName>();

  it('writes each event once, with the user, the IP and the request id', async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const body = registration(open.pledge);
    const donor = await signUp(ctx.app, smtp, body);
    secrets.push(donor.password, donor.accessToken, donor.refreshToken);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, body.email));
    const id = row!.id;

    await expectEvent('login_not_activated', null, async () => {
      const waiting = registration(open.pledge);
      await inject({ method: 'POST', url: '/api/auth/register', payload: waiting });
      await inject({ method: 'POST', url: '/api/auth/login', payload: { email: waiting.email, password: waiting.password } });
    });
    await expectEvent('login_failed', null, () => inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: 'not the password at all' } }));
    let access = '';
    let refresh = '';
    await expectEvent('login', id, async () => {
      const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
      access = res.json<{ access_token: string }>().access_token;
      refresh = refreshCookieOf(res)!.value;
      secrets.push(access, refresh);
    });
    await expectEvent('logout', id, () => inject({ method: 'POST', url: '/api/auth/logout', cookies: { uplift_refresh: refresh } }));

    // The registering browser's one press after activation (docs/decisions/168), and the press again.
    const continuing = registration(open.pledge);
    const registered = await inject({ method: 'POST', url: '/api/auth/register', payload: continuing });
    const continuation = registered.cookies.find((c) => c.name === 'uplift_continue')!.value;
    secrets.push(continuation);
    await inject({ method: 'GET', url: `/api/auth/activate?activation_token=${tokenIn(smtp.last(continuing.email, /Activate/))}` });
    const [continued] = await ctx.db.select().from(users).where(eq(users.email, continuing.email));
    await expectEvent('login_continued', continued!.id, async () => {
      const res = await inject({ method: 'POST', url: '/api/auth/continue', cookies: { uplift_continue: continuation } });
      expect(res.statusCode, res.body).toBe(200);
      secrets.push(res.json<{ access_token: string }>().access_token, refreshCookieOf(res)!.value);
    });
    await expectEvent('continuation_refused', null, async () => {
      expect((await inject({ method: 'POST', url: '/api/auth/continue', cookies: { uplift_continue: continuation } })).statusCode).toBe(401);
    });

    // Devices: one signed out, then every other.
    const second = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
    const third = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
    const secondAccess = second.json<{ access_token: string }>().access_token;
    const thirdAccess = third.json<{ access_token: string }>().access_token;
    // The second device's sign-in (its access token carries it as `sid`).
    const other = { id: (JSON.parse(Buffer.from(secondAccess.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid };
    await expectEvent('session_ended', id, () => inject({ method: 'DELETE', url: `/api/account/sessions/${other.id}`, headers: bearer(thirdAccess) }));
    await expectEvent('sessions_ended_others', id, () => inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: bearer(thirdAccess) }));

    // Another donor's pledge: answered as missing, and logged.
    const stranger = await signUp(ctx.app, smtp, registration(open.pledge));
    const [strangersPledge] = await ctx.db.select().from(pledges).where(eq(pledges.user_id, (await ctx.db.select().from(users).where(eq(users.email, stranger.email)))[0]!.id));
    await expectEvent('access_refused', id, async () => {
      const res = await inject({ method: 'GET', url: `/api/account/pledges/${strangersPledge!.id}/receipt.pdf`, headers: bearer(thirdAccess) });
      expect(res.statusCode).toBe(404);
    });
    // A pledge that does not exist is not a refusal of someone else's.
    const from = events().length;
    expect((await inject({ method: 'GET', url: '/api/account/pledges/999999/receipt.pdf', headers: bearer(thirdAccess) })).statusCode).toBe(404);
    expect(linesOf('access_refused', from)).toEqual([]);

    // Password change, reset and email change.
    const newPassword = 'another long and memorable passphrase';
    secrets.push(newPassword);
    let changedAccess = '';
    await expectEvent('password_changed', id, async () => {
      const res = await inject({ method: 'POST', url: '/api/account/password', headers: bearer(thirdAccess), payload: { current_password: body.password, new_password: newPassword } });
      expect(res.statusCode).toBe(200);
      changedAccess = res.json<{ access_token: string }>().access_token;
    });
    await expectEvent('password_reset_refused', null, () => inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token: 'x'.repeat(43), new_password: 'a wrong token never resets' } }));
    await expectEvent('password_reset_requested', null, () => inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: body.email } }));
    const resetToken = tokenIn(smtp.last(body.email, /Reset/));
    secrets.push(resetToken);
    const resetPassword = 'a third long and memorable passphrase';
    secrets.push(resetPassword);
    await expectEvent('password_reset', id, () => inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token: resetToken, new_password: resetPassword } }));
    const relogin = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: resetPassword } });
    const reAccess = relogin.json<{ access_token: string }>().access_token;
    expect(changedAccess).not.toBe('');
    const newEmail = `moved.${Date.now()}@example.org`;
    expect((await inject({ method: 'POST', url: '/api/account/email', headers: bearer(reAccess), payload: { new_email: newEmail, password: resetPassword } })).statusCode).toBe(202);
    const emailToken = tokenIn(smtp.last(newEmail, /Confirm your new/));
    secrets.push(emailToken);
    await expectEvent('email_changed', id, () => inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token: emailToken } }));

    // A rate-limit refusal (the per-account recovery-mail limit).
    await expectEvent('rate_limited', null, async () => {
      for (let i = 0; i < 5; i += 1) await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: 'nobody.here@example.org' } });
      expect((await inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: 'nobody.here@example.org' } })).statusCode).toBe(429);
    });

    // Admins: the second factor, a reset of another admin's, ending a donor's sessions.
    const password = 'the admin passphrase is long enough';
    secrets.push(password);
    const [admin] = await ctx.db
      .insert(users)
      .values({ first_name: 'Ada', last_name: 'Admin', email: `ada.${Date.now()}@example.org`, country: 'NZ', password_hash: await hashPassword(password), activated: true, role: 'admin' })
      .returning();
    const [otherAdmin] = await ctx.db
      .insert(users)
      .values({ first_name: 'Bo', last_name: 'Admin', email: `bo.${Date.now()}@example.org`, country: 'NZ', password_hash: '!', activated: true, role: 'admin', totp_secret: encryptSecret('JBSWY3DPEHPK3PXP', ctx.config.secrets.key), totp_enrolled_at: ctx.clock.now() })
      .returning();
    const passwordStep = await ctx.app.signAccessToken({ id: admin!.id, role: 'admin', secondFactor: 'code' });
    // A refused code is two-factor.service's own `security.two_factor_failed` line.
    expect(passwordStep).not.toBe('');
    let adminAccess = '';
    await expectEvent('second_factor', admin!.id, async () => {
      // The admin's sign-in through the second factor, from the same client address.
      const app = { inject, signAccessToken: ctx.app.signAccessToken, config: ctx.app.config } as unknown as TestContext['app'];
      adminAccess = (await signInAdmin({ app, db: ctx.db, clock: ctx.clock }, admin!)).access_token;
    });
    // A wrong code from the admin whose factor is enrolled; the password-step token refused elsewhere; a donor at an admin route.
    const boPasswordStep = await ctx.app.signAccessToken({ id: otherAdmin!.id, role: 'admin', secondFactor: 'code' });
    await expectEvent('two_factor_failed', otherAdmin!.id, async () => {
      const res = await inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: bearer(boPasswordStep), payload: { code: '000000' } });
      expect(res.statusCode).toBe(400);
    });
    await expectEvent('second_factor_pending', admin!.id, async () => {
      expect((await inject({ method: 'GET', url: '/api/account', headers: bearer(passwordStep) })).statusCode).toBe(403);
    });
    expect(linesOf('second_factor_pending', 0).at(-1)).toMatchObject({ route: '/api/account', status: 403 });
    await expectEvent('two_factor_changed', otherAdmin!.id, () => inject({ method: 'POST', url: `/api/admin/users/${otherAdmin!.id}/two-factor/reset`, headers: bearer(adminAccess) }));
    await expectEvent('sessions_revoked', id, () => inject({ method: 'POST', url: `/api/admin/users/${id}/sessions/revoke`, headers: bearer(adminAccess) }));

    const last = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: newEmail, password: resetPassword } });
    const lastAccess = last.json<{ access_token: string }>().access_token;
    await expectEvent('admin_denied', id, async () => {
      expect((await inject({ method: 'GET', url: '/api/admin/recipients', headers: bearer(lastAccess) })).statusCode).toBe(403);
    });

    // Re-confirming it is you before a passkey is added (docs/decisions/151): a wrong password, then the right one.
    await expectEvent('step_up_failed', id, async () => {
      expect((await inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(lastAccess), payload: { password: 'not the password at all' } })).statusCode).toBe(403);
    });
    expect(linesOf('step_up_failed', 0).at(-1)).toMatchObject({ why: 'wrong password', status: 403 });
    secrets.push('not the password at all');
    await expectEvent('step_up', id, async () => {
      expect((await inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(lastAccess), payload: { password: resetPassword } })).statusCode).toBe(200);
    });

    // Passkeys: one added, a sign-in with it, the same answer refused, the passkey removed.
    let passkey: SoftPasskey | undefined;
    let passkeyId = 0;
    await expectEvent('passkey_added', id, async () => {
      const options = (await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(lastAccess) })).json<{ challenge: string; user: { id: string } }>();
      const made = createCredential(options, HERE);
      const res = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(lastAccess), payload: { name: 'Phone', response: made.response } });
      expect(res.statusCode, res.body).toBe(201);
      passkey = made.passkey;
      passkeyId = res.json<{ id: number }>().id;
    });
    const signInOptions = (await inject({ method: 'POST', url: '/api/auth/passkeys/authentication/options' })).json<{ challenge: string }>();
    const assertion = getAssertion(passkey!, signInOptions, HERE);
    await expectEvent('passkey_login', id, async () => {
      const res = await inject({ method: 'POST', url: '/api/auth/passkeys/authentication/verify', payload: { response: assertion } });
      expect(res.statusCode, res.body).toBe(200);
      secrets.push(res.json<{ access_token: string }>().access_token, refreshCookieOf(res)!.value);
    });
    await expectEvent('passkey_refused', null, async () => {
      expect((await inject({ method: 'POST', url: '/api/auth/passkeys/authentication/verify', payload: { response: assertion } })).statusCode).toBe(401);
    });
    expect(linesOf('passkey_refused', 0).at(-1)).toMatchObject({ why: 'unknown, used or expired challenge', status: 401 });
    await expectEvent('passkey_removed', id, () => inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkeyId}`, headers: bearer(lastAccess) }));

    // Erasure last.
    await expectEvent('account_erased', id, () => inject({ method: 'POST', url: '/api/account/erase', headers: bearer(lastAccess), payload: { password: resetPassword } }));

    // The development outbox exists only without SMTP: its refusal is tested in auth.dev-outbox.test.ts;
    // a refused gift (card testing) in modules/gifts/gifts.test.ts.
    expect([...seen, 'dev_outbox_refused', 'gift_refused'].sort()).toEqual([...SECURITY_EVENTS].sort());
  }, 90_000); // every event of the list, one after another: a dozen password hashes on a busy machine

  it('never carries a secret: no password, token, code, cookie or email', () => {
    const text = events()
      .filter((l) => l.requestId !== undefined)
      .map((l) => JSON.stringify(l))
      .join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/@example\.org/);
    for (const line of events().filter((l) => l.requestId !== undefined)) expect(Object.keys(line).filter((k) => !['level', 'time', 'pid', 'hostname', 'reqId', 'msg', 'event', 'userId', 'ip', 'requestId', 'actorId', 'status', 'route', 'why'].includes(k))).toEqual([]);
  });
});
