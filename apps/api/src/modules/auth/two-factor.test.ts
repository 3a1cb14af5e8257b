import { MSG } from '@uplift/core/messages';
import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRecoveryCodes, users } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { insertUser } from '../admin/admin.test-support.ts';
import { ensureAdmin } from './admin-bootstrap.ts';
import { captureLogs, refreshCookieOf } from './auth.test-support.ts';
import { hashPassword } from './password.ts';
import { decryptSecret } from './secrets.ts';
import { totpCode } from './totp.ts';

const PASSWORD = 'admin password 123';
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { permissions: string[]; two_factor?: string };

describe('admin two-factor sign-in', () => {
  let ctx: TestContext;
  const logs = captureLogs();
  beforeAll(async () => {
    ctx = await createTestContext({ logger: logs.logger });
  });
  afterAll(async () => ctx.close());

  const at = (secondsFromStart: number) => ctx.clock.set(new Date(Date.parse(TEST_NOW) + secondsFromStart * 1000).toISOString());
  const inject = (opts: InjectOptions) => ctx.app.inject({ remoteAddress: '203.0.113.9', ...opts });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const login = (email: string) => inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  const post = (url: string, token: string, payload?: object, cookie?: string) =>
    inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}), ...(cookie ? { cookies: { uplift_refresh: cookie } } : {}) });
  const adminApi = (token: string) => inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(token) });
  const tokenOf = (res: LightMyRequestResponse) => res.json<{ access_token: string }>().access_token;
  const audit = async (token: string) => (await adminApi(token)).json<{ entries: AdminAuditEntry[] }>().entries;

  /** A new admin through its first sign-in: password, enrolment, first code. */
  async function enrolledAdmin(email: string) {
    await ensureAdmin(ctx.db, { email, password: PASSWORD }, ctx.clock.now());
    const password = await login(email);
    const start = await post('/api/auth/two-factor/enrolment', tokenOf(password));
    const { secret } = start.json<{ secret: string }>();
    const confirmed = await post('/api/auth/two-factor/enrolment/confirm', tokenOf(password), { code: totpCode(secret, ctx.clock.now()) }, refreshCookieOf(password)!.value);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    return { id: row!.id, secret, token: tokenOf(confirmed), codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  it('gives no admin rights for the password alone: a new admin is asked to enrol, on every admin route and after a refresh', async () => {
    at(0);
    await ensureAdmin(ctx.db, { email: 'new.admin@example.org', password: PASSWORD }, ctx.clock.now());
    const signedIn = await login('new.admin@example.org');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ two_factor: 'enrol' });
    expect(claimsOf(tokenOf(signedIn))).toMatchObject({ permissions: ['ROLE_USER'], two_factor: 'enrol' });
    const refused = await adminApi(tokenOf(signedIn));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.two_factor_enrolment_required' });
    const refreshed = await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: refreshCookieOf(signedIn)!.value } });
    expect(refreshed.json()).toMatchObject({ two_factor: 'enrol' });
    expect(claimsOf(tokenOf(refreshed)).permissions).toEqual(['ROLE_USER']);
  });

  it('enrols with a QR code drawn locally and the first code; shows ten recovery codes once, stores only their hashes, and audits it', async () => {
    at(0);
    await ensureAdmin(ctx.db, { email: 'enrol@example.org', password: PASSWORD }, ctx.clock.now());
    const password = await login('enrol@example.org');
    const passwordCookie = refreshCookieOf(password)!.value;
    const start = await post('/api/auth/two-factor/enrolment', tokenOf(password));
    expect(start.statusCode).toBe(200);
    expect(start.headers['cache-control']).toBe('no-store');
    const enrolment = start.json<{ secret: string; otpauth_uri: string; qr_code: string }>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Uplift:enrol%40example\.org\?/);
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.secret}`);
    expect(Buffer.from(enrolment.qr_code.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');

    const wrong = await post('/api/auth/two-factor/enrolment/confirm', tokenOf(password), { code: '000000' === totpCode(enrolment.secret, ctx.clock.now()) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: MSG.twoFactorCodeInvalid });
    const event = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.event === 'security.two_factor_failed');
    expect(event).toMatchObject({ ip: '203.0.113.9', level: 40 });
    expect(JSON.stringify(event)).not.toContain(enrolment.secret);

    const code = totpCode(enrolment.secret, ctx.clock.now());
    const confirmed = await post('/api/auth/two-factor/enrolment/confirm', tokenOf(password), { code: `${code.slice(0, 3)} ${code.slice(3)}` }, passwordCookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { access_token, recovery_codes } = confirmed.json<{ access_token: string; recovery_codes: string[] }>();
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const c of recovery_codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(claimsOf(access_token)).toEqual(expect.objectContaining({ permissions: ['ROLE_USER', 'ROLE_ADMIN'] }));
    expect(claimsOf(access_token).two_factor).toBeUndefined();
    expect((await adminApi(access_token)).statusCode).toBe(200);

    // The password step's session has ended; the new one refreshes with admin rights.
    expect((await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: passwordCookie } })).statusCode).toBe(401);
    const refreshed = await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: refreshCookieOf(confirmed)!.value } });
    expect(claimsOf(tokenOf(refreshed)).permissions).toContain('ROLE_ADMIN');

    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'enrol@example.org'));
    const stored = await ctx.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.user_id, row!.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(recovery_codes.join()).not.toContain(s.code_hash);
    // Salted scrypt hashes, one salt per code (docs/decisions/131-passkeys-and-secrets-at-rest.md).
    for (const s of stored) expect(s.code_hash).toMatch(/^scrypt-sha256\$14\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(new Set(stored.map((s) => s.code_hash.split('$')[4])).size).toBe(10);
    // The secret is sealed with SECRETS_KEY, never kept as typed.
    expect(row).toMatchObject({ totp_pending_secret: null });
    expect(row!.totp_secret).toMatch(/^enc1:/);
    expect(row!.totp_secret).not.toContain(enrolment.secret);
    expect(decryptSecret(row!.totp_secret!, ctx.config.secrets.key)).toBe(enrolment.secret);

    const [entry] = await audit(access_token);
    expect(entry).toMatchObject({ action: 'two_factor.enrol', admin_user_id: row!.id, target: `admin ${row!.id}`, after: { recovery_codes: 10 } });
    expect(JSON.stringify(entry)).not.toContain(recovery_codes[0]!);

    // Once enrolled, enrolment cannot start again (a reset by another admin is the way).
    expect((await post('/api/auth/two-factor/enrolment', access_token)).statusCode).toBe(409);
  });

  it('asks an enrolled admin for the code at the next sign-in, and never accepts one code twice', async () => {
    at(0);
    const admin = await enrolledAdmin('second.login@example.org');
    at(90);
    const signedIn = await login('second.login@example.org');
    expect(signedIn.json()).toMatchObject({ two_factor: 'code' });
    const refused = await adminApi(tokenOf(signedIn));
    expect(refused.json()).toMatchObject({ code: 'auth.two_factor_required' });

    const code = totpCode(admin.secret, ctx.clock.now());
    const verified = await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await adminApi(tokenOf(verified))).statusCode).toBe(200);

    // The same code, from another sign-in within its window, is refused.
    const again = await login('second.login@example.org');
    const replayed = await post('/api/auth/two-factor/verify', tokenOf(again), { code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ message: MSG.twoFactorCodeInvalid });
    at(120);
    expect((await post('/api/auth/two-factor/verify', tokenOf(again), { code: totpCode(admin.secret, ctx.clock.now()) })).statusCode).toBe(200);
  });

  it('accepts each recovery code once (typed in capitals too) and audits its use', async () => {
    at(0);
    const admin = await enrolledAdmin('recovery@example.org');
    const first = await login('recovery@example.org');
    const used = await post('/api/auth/two-factor/verify', tokenOf(first), { code: admin.codes[3]!.toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    const [entry] = await audit(tokenOf(used));
    expect(entry).toMatchObject({ action: 'two_factor.recovery_code_used', admin_user_id: admin.id, after: { remaining: 9 } });

    const second = await login('recovery@example.org');
    expect((await post('/api/auth/two-factor/verify', tokenOf(second), { code: admin.codes[3]! })).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor/verify', tokenOf(second), { code: admin.codes[4]! })).statusCode).toBe(200);
  });

  it('limits wrong codes per admin: the sixth attempt in 15 minutes is refused even with the right code', async () => {
    at(0);
    const admin = await enrolledAdmin('guessing@example.org');
    at(300);
    const signedIn = await login('guessing@example.org');
    const right = totpCode(admin.secret, ctx.clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) expect((await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: wrong })).statusCode).toBe(400);
    const limited = await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: right });
    expect(limited.statusCode).toBe(429);
    at(300 + 14 * 60);
    expect((await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: totpCode(admin.secret, ctx.clock.now()) })).statusCode).toBe(429);
    at(300 + 16 * 60);
    expect((await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: totpCode(admin.secret, ctx.clock.now()) })).statusCode).toBe(200);
  });

  it('counts wrong codes per admin, not per email: a change of email does not give five more guesses', async () => {
    at(0);
    const admin = await enrolledAdmin('renamed@example.org');
    at(300);
    const signedIn = await login('renamed@example.org');
    const right = totpCode(admin.secret, ctx.clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) expect((await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: wrong })).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: wrong })).statusCode).toBe(429);
    // The address changes (however it came about): the count stays with the person.
    await ctx.db.update(users).set({ email: 'renamed.again@example.org' }).where(eq(users.id, admin.id));
    at(330);
    const limited = await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: totpCode(admin.secret, ctx.clock.now()) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'auth.rate_limited' });
  });

  it('refuses the steps out of turn, to donors, and without a code', async () => {
    at(0);
    const donor = await insertUser(ctx, { role: 'user' });
    const donorToken = await ctx.app.signAccessToken({ id: donor.id, role: 'user' });
    // A donor sets it up only from /account with the password typed again, and has no code to check until then (docs/decisions/151).
    const enrol = await post('/api/auth/two-factor/enrolment', donorToken);
    expect(enrol.statusCode).toBe(403);
    expect(enrol.json()).toMatchObject({ code: 'auth.step_up_required' });
    const verify = await post('/api/auth/two-factor/verify', donorToken, { code: '123456' });
    expect(verify.statusCode).toBe(409);
    expect(verify.json()).toMatchObject({ code: 'auth.two_factor_not_enrolled' });
    expect((await inject({ method: 'POST', url: '/api/auth/two-factor/verify', payload: { code: '123456' } })).statusCode).toBe(401);
    // A donor's password sign-in owes no second factor.
    const withPassword = await insertUser(ctx, { role: 'user', email: 'donor.no.factor@example.org', password_hash: await hashPassword(PASSWORD) });
    const donorSignIn = await login(withPassword.email);
    expect(donorSignIn.statusCode, donorSignIn.body).toBe(200);
    expect(donorSignIn.json()).not.toHaveProperty('two_factor');
    expect((await inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${tokenOf(donorSignIn)}` } })).statusCode).toBe(200);

    await ensureAdmin(ctx.db, { email: 'out.of.turn@example.org', password: PASSWORD }, ctx.clock.now());
    const signedIn = await login('out.of.turn@example.org');
    const notEnrolled = await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: '123456' });
    expect(notEnrolled.statusCode).toBe(409);
    expect(notEnrolled.json()).toMatchObject({ code: 'auth.two_factor_not_enrolled' });
    const notStarted = await post('/api/auth/two-factor/enrolment/confirm', tokenOf(signedIn), { code: '123456' });
    expect(notStarted.json()).toMatchObject({ code: 'auth.two_factor_not_started' });
    const empty = await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: ' - ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: MSG.twoFactorCodeRequired });
    expect((await post('/api/auth/two-factor/verify', tokenOf(signedIn), {})).json()).toMatchObject({ message: MSG.twoFactorCodeRequired });
  });

  it('lets another admin reset a lost second factor: audited, the admin is signed out and enrols at the next sign-in', async () => {
    at(0);
    const lost = await enrolledAdmin('lost.phone@example.org');
    const helper = await enrolledAdmin('helper@example.org');
    const reset = await post(`/api/admin/users/${lost.id}/two-factor/reset`, helper.token);
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = await audit(helper.token);
    expect(entry).toMatchObject({ action: 'two_factor.reset', admin_user_id: helper.id, target: `admin ${lost.id}`, after: { enrolled_at: null } });
    expect(entry!.before).toMatchObject({ enrolled_at: TEST_NOW });
    expect(await ctx.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.user_id, lost.id))).toEqual([]);
    expect((await login('lost.phone@example.org')).json()).toMatchObject({ two_factor: 'enrol' });

    const donor = await insertUser(ctx, { role: 'user' });
    const notAdmin = await post(`/api/admin/users/${donor.id}/two-factor/reset`, helper.token);
    expect(notAdmin.statusCode).toBe(409);
    expect((await audit(helper.token))[0]).toMatchObject({ action: 'two_factor.reset', target: `admin ${lost.id}` });
  });

  it("forgets an admin's wrong codes when another admin resets the second factor, so the admin can enrol again at once", async () => {
    at(0);
    const lost = await enrolledAdmin('locked.out@example.org');
    const helper = await enrolledAdmin('unlocker@example.org');
    at(60);
    const signedIn = await login('locked.out@example.org');
    const right = totpCode(lost.secret, ctx.clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) expect((await post('/api/auth/two-factor/verify', tokenOf(signedIn), { code: wrong })).statusCode).toBe(400);
    expect((await post(`/api/admin/users/${lost.id}/two-factor/reset`, helper.token)).statusCode).toBe(200);

    const again = await login('locked.out@example.org');
    expect(again.json()).toMatchObject({ two_factor: 'enrol' });
    const start = await post('/api/auth/two-factor/enrolment', tokenOf(again));
    const { secret } = start.json<{ secret: string }>();
    const enrolled = await post('/api/auth/two-factor/enrolment/confirm', tokenOf(again), { code: totpCode(secret, ctx.clock.now()) }, refreshCookieOf(again)!.value);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
  });
});
