import { STEP_UP_WINDOW_MS } from '@uplift/core/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mails, passkeys } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { insertUser, signInAdmin } from '../admin/admin.test-support.ts';
import { insertAuthToken } from './auth.repository.ts';
import { captureLogs, refreshCookieOf } from './auth.test-support.ts';
import { createCredential, getAssertion, type SoftPasskey } from './passkeys.test-support.ts';
import { givePassword, signedInDonor, STEP_UP_PASSWORD, stepUp, steppedUpDonor } from './step-up.test-support.ts';
import { hashToken, newToken } from './tokens.ts';
import { totpCode } from './totp.ts';

// A change to how an account signs in needs a fresh proof, and mails the owner; a reset by mail
// removes every passkey; an admin's passkey is a second factor only when added past a TOTP code
// (docs/decisions/151, docs/security.md V6 and V7).

const here = { origin: 'http://localhost:3000', rpId: 'localhost' };
const NEW_PASSWORD = 'a brand new long passphrase';

describe('re-confirming it is you, and telling the owner', () => {
  let ctx: TestContext;
  const logs = captureLogs();
  beforeAll(async () => {
    ctx = await createTestContext({ logger: logs.logger });
  });
  beforeEach(() => ctx.clock.set(TEST_NOW));
  afterAll(async () => ctx.close());

  const inject = (opts: InjectOptions) => ctx.app.inject({ remoteAddress: '203.0.113.9', ...opts });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const tokenOf = (res: LightMyRequestResponse) => res.json<{ access_token: string }>().access_token;
  const later = (ms: number) => ctx.clock.set(new Date(Date.parse(TEST_NOW) + ms).toISOString());
  const notices = async (email: string) =>
    (await ctx.db.select({ subject: mails.subject, text: mails.text_body }).from(mails).where(and(eq(mails.to_address, email), eq(mails.kind, 'security-notice'))).orderBy(mails.id));
  const events = (name: string) => logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === `security.${name}`);

  const registrationOptions = (token: string) => inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(token) });
  async function addPasskey(token: string, name = 'My phone'): Promise<{ passkey: SoftPasskey; res: LightMyRequestResponse }> {
    const opts = await registrationOptions(token);
    expect(opts.statusCode, opts.body).toBe(200);
    const { passkey, response } = createCredential(opts.json(), here);
    const res = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(token), payload: { name, response } });
    return { passkey, res };
  }
  async function signInWith(passkey: SoftPasskey) {
    const options = await inject({ method: 'POST', url: '/api/auth/passkeys/authentication/options' });
    return inject({ method: 'POST', url: '/api/auth/passkeys/authentication/verify', payload: { response: getAssertion(passkey, options.json(), here) } });
  }

  it('adds a passkey only after the password is typed again in this sign-in, for 5 minutes; mails the owner', async () => {
    const donor = await insertUser(ctx);
    const token = await signedInDonor(ctx, donor.id);

    const refused = await registrationOptions(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'auth.step_up_required', message: 'Please confirm it is you: enter your password again to make this change.' });
    // A token of no sign-in (none recorded on the server) can never be re-confirmed: the proof is the sign-in's.
    expect((await registrationOptions(await ctx.app.signAccessToken({ id: donor.id, role: 'user' }))).json()).toMatchObject({ code: 'auth.step_up_required' });

    const wrong = await inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(token), payload: { password: 'not my password at all' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'auth.step_up_failed', message: 'Password is incorrect' });
    expect(events('step_up_failed').at(-1)).toMatchObject({ userId: donor.id, ip: '203.0.113.9', status: 403, why: 'wrong password' });
    expect((await registrationOptions(token)).statusCode).toBe(403);
    const empty = await inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(token), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Password is required' });

    const ok = await inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(token), payload: { password: STEP_UP_PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ fresh_until: new Date(Date.parse(TEST_NOW) + STEP_UP_WINDOW_MS).toISOString() });
    expect(events('step_up').at(-1)).toMatchObject({ userId: donor.id, status: 200 });
    const { res } = await addPasskey(token, 'Laptop');
    expect(res.statusCode, res.body).toBe(201);
    const [notice] = await notices(donor.email);
    expect(notice!.subject).toBe('A passkey was added to your Uplift account');
    expect(notice!.text).toContain('A passkey named “Laptop” was added to your account.');
    expect(notice!.text).toContain('If it was not you, reset your password at once');

    // Another sign-in of the same account has not re-confirmed: the proof belongs to one sign-in.
    expect((await registrationOptions(await signedInDonor(ctx, donor.id))).statusCode).toBe(403);
    later(STEP_UP_WINDOW_MS - 1000);
    expect((await registrationOptions(token)).statusCode).toBe(200);
    later(STEP_UP_WINDOW_MS);
    expect((await registrationOptions(token)).json()).toMatchObject({ code: 'auth.step_up_required' });
  });

  it('re-confirms only a live sign-in', async () => {
    const donor = await insertUser(ctx);
    const token = await signedInDonor(ctx, donor.id);
    const withPassword = (t: string) => inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(t), payload: { password: STEP_UP_PASSWORD } });
    // A token of no sign-in has nothing to record the proof on.
    const sessionless = await withPassword(await ctx.app.signAccessToken({ id: donor.id, role: 'user' }));
    expect(sessionless.statusCode).toBe(401);
    expect(sessionless.json()).toMatchObject({ code: 'auth.unauthorized' });
    expect((await withPassword(token)).statusCode).toBe(200);
  });

  it('checks the proof again when the passkey is handed in, and keeps it across a refresh of the same sign-in', async () => {
    const donor = await insertUser(ctx);
    const email = await givePassword(ctx, donor.id);
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: STEP_UP_PASSWORD } });
    await stepUp(ctx, donor.id, tokenOf(login));
    const refreshed = await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: refreshCookieOf(login)!.value } });
    expect(refreshed.statusCode).toBe(200);
    const opts = await registrationOptions(tokenOf(refreshed));
    expect(opts.statusCode).toBe(200);
    later(STEP_UP_WINDOW_MS + 1);
    const { response } = createCredential(opts.json(), here);
    const late = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(tokenOf(refreshed)), payload: { name: 'Late', response } });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'auth.step_up_required' });
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.user_id, donor.id))).toEqual([]);
  });

  it('removes a passkey only after the password is typed again, and mails the owner', async () => {
    const donor = await insertUser(ctx);
    const token = await steppedUpDonor(ctx, donor.id);
    const { res } = await addPasskey(token, 'Old phone');
    const id = res.json<{ id: number }>().id;
    later(STEP_UP_WINDOW_MS);
    const refused = await inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.step_up_required' });
    await stepUp(ctx, donor.id, token);
    expect((await inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await notices(donor.email)).map((n) => n.subject)).toEqual(['A passkey was added to your Uplift account', 'A passkey was removed from your Uplift account']);
  });

  it('a password reset by the mailed link removes every passkey, ends every sign-in and mails the owner', async () => {
    const donor = await insertUser(ctx);
    const token = await steppedUpDonor(ctx, donor.id);
    const { passkey } = await addPasskey(token, 'Phone');
    await addPasskey(token, 'Laptop');
    const other = await signInWith(passkey);
    expect(other.statusCode).toBe(200);

    const resetToken = newToken();
    const now = ctx.clock.now();
    await insertAuthToken(ctx.db, { user_id: donor.id, purpose: 'reset', token_hash: hashToken(resetToken), expires_at: new Date(now.getTime() + 60_000), created_at: now });
    const reset = await inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token: resetToken, new_password: NEW_PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.user_id, donor.id))).toEqual([]);
    expect((await signInWith(passkey)).statusCode).toBe(401);
    for (const t of [token, tokenOf(other)]) expect((await inject({ method: 'GET', url: '/api/auth/user_info', headers: bearer(t) })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: refreshCookieOf(other)!.value } })).statusCode).toBe(401);
    const last = (await notices(donor.email)).at(-1)!;
    expect(last.subject).toBe('Your Uplift password was reset');
    expect(last.text).toContain('2 passkeys were removed from your account');
  });

  it('a password change ends every other sign-in, keeps the passkeys and mails the owner naming them', async () => {
    const donor = await insertUser(ctx);
    const token = await steppedUpDonor(ctx, donor.id);
    const { passkey } = await addPasskey(token, 'Work laptop');
    const elsewhere = await signedInDonor(ctx, donor.id);
    const changed = await inject({ method: 'POST', url: '/api/account/password', headers: bearer(token), payload: { current_password: STEP_UP_PASSWORD, new_password: NEW_PASSWORD } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/auth/user_info', headers: bearer(elsewhere) })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/auth/user_info', headers: bearer(tokenOf(changed)) })).statusCode).toBe(200);
    expect((await signInWith(passkey)).statusCode).toBe(200);
    const last = (await notices(donor.email)).at(-1)!;
    expect(last.subject).toBe('Your Uplift password was changed');
    expect(last.text).toContain('These passkeys can still sign in without the password: “Work laptop”.');
    // The new sign-in has not re-confirmed: a change to the passkeys asks again.
    expect((await registrationOptions(tokenOf(changed))).statusCode).toBe(403);
  });

  describe("an admin's passkey", () => {
    const adminSystem = (token: string) => inject({ method: 'GET', url: '/api/admin/system', headers: bearer(token) });

    it('is the second factor when added in a sign-in that passed a TOTP code', async () => {
      const admin = await insertUser(ctx, { role: 'admin' });
      const { access_token } = await signInAdmin(ctx, admin);
      const { passkey, res } = await addPasskey(await stepUp(ctx, admin.id, access_token));
      expect(res.statusCode, res.body).toBe(201);
      const signedIn = await signInWith(passkey);
      expect(signedIn.json()).not.toHaveProperty('two_factor');
      expect((await adminSystem(tokenOf(signedIn))).statusCode).toBe(200);
    });

    it('added in a sign-in that did not pass a TOTP code, still asks for the code before any admin route', async () => {
      const admin = await insertUser(ctx, { role: 'admin' });
      const { access_token, totpSecret } = await signInAdmin(ctx, admin);
      const first = await addPasskey(await stepUp(ctx, admin.id, access_token), 'Key one');
      // Signed in with the first passkey (no code typed), re-confirmed with the password only.
      const viaPasskey = await signInWith(first.passkey);
      const second = await addPasskey(await stepUp(ctx, admin.id, tokenOf(viaPasskey)), 'Key two');
      expect(second.res.statusCode, second.res.body).toBe(201);
      const rows = await ctx.db.select({ name: passkeys.name, second_factor: passkeys.second_factor }).from(passkeys).where(eq(passkeys.user_id, admin.id)).orderBy(passkeys.id);
      expect(rows).toEqual([{ name: 'Key one', second_factor: true }, { name: 'Key two', second_factor: false }]);

      const withSecond = await signInWith(second.passkey);
      expect(withSecond.statusCode).toBe(200);
      expect(withSecond.json()).toMatchObject({ two_factor: 'code' });
      const refused = await adminSystem(tokenOf(withSecond));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'auth.two_factor_required' });
      // The code step then gives the admin rights, as after a password.
      later(30_000);
      const verified = await inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: bearer(tokenOf(withSecond)), cookies: { uplift_refresh: refreshCookieOf(withSecond)!.value }, payload: { code: totpCode(totpSecret, ctx.clock.now()) } });
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await adminSystem(tokenOf(verified))).statusCode).toBe(200);
    });

    it('re-confirmed with a TOTP code, a sign-in by passkey may add a passkey that is a second factor', async () => {
      const admin = await insertUser(ctx, { role: 'admin' });
      const { access_token, totpSecret } = await signInAdmin(ctx, admin);
      const first = await addPasskey(await stepUp(ctx, admin.id, access_token), 'Key one');
      const viaPasskey = tokenOf(await signInWith(first.passkey));
      later(30_000);
      const byCode = await inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(viaPasskey), payload: { code: totpCode(totpSecret, ctx.clock.now()) } });
      expect(byCode.statusCode, byCode.body).toBe(200);
      // A code is never accepted twice.
      const again = await inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(viaPasskey), payload: { code: totpCode(totpSecret, ctx.clock.now()) } });
      expect(again.statusCode).toBe(400);
      const second = await addPasskey(viaPasskey, 'Key two');
      expect(second.res.statusCode).toBe(201);
      expect((await signInWith(second.passkey)).json()).not.toHaveProperty('two_factor');
    });

    it('is not the second factor while the code attempts are locked out', async () => {
      const admin = await insertUser(ctx, { role: 'admin' });
      const { access_token } = await signInAdmin(ctx, admin);
      const { passkey } = await addPasskey(await stepUp(ctx, admin.id, access_token));
      const passwordStep = await ctx.app.signAccessToken({ id: admin.id, role: 'admin', secondFactor: 'code' });
      for (let i = 0; i < 5; i += 1) {
        const wrong = await inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: bearer(passwordStep), payload: { code: '000000' } });
        expect(wrong.statusCode).toBe(400);
      }
      expect((await inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: bearer(passwordStep), payload: { code: '000000' } })).statusCode).toBe(429);
      const signedIn = await signInWith(passkey);
      expect(signedIn.json()).toMatchObject({ two_factor: 'code' });
      expect((await adminSystem(tokenOf(signedIn))).statusCode).toBe(403);
      // Once the window has passed, the passkey is the second factor again.
      later(15 * 60_000 + 1);
      const after = await signInWith(passkey);
      expect(after.json()).not.toHaveProperty('two_factor');
    });
  });

  describe('the second factor', () => {
    it('re-confirms with a TOTP code typed with spaces or a dash; a wrong or reused code is refused, logged with why, and proves nothing', async () => {
      const admin = await insertUser(ctx, { role: 'admin' });
      const { access_token, totpSecret } = await signInAdmin(ctx, admin);
      const byCode = (code: string) => inject({ method: 'POST', url: '/api/auth/step-up', headers: bearer(access_token), payload: { code } });
      later(30_000);
      const right = totpCode(totpSecret, ctx.clock.now());
      const wrong = await byCode(right === '123456' ? '654321' : '123456');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'validation', errors: [{ path: 'code' }] });
      expect(events('step_up_failed').at(-1)).toMatchObject({ userId: admin.id, ip: '203.0.113.9', status: 400, why: 'wrong code' });
      expect((await registrationOptions(access_token)).json()).toMatchObject({ code: 'auth.step_up_required' });

      expect((await byCode(`${right.slice(0, 3)} ${right.slice(3)}`)).statusCode).toBe(200);
      expect((await registrationOptions(access_token)).statusCode).toBe(200);
      const reused = await byCode(right);
      expect(reused.statusCode).toBe(400);
      expect(events('step_up_failed').at(-1)).toMatchObject({ userId: admin.id, status: 400, why: 'code already used' });
      later(60_000);
      const next = totpCode(totpSecret, ctx.clock.now());
      expect((await byCode(`${next.slice(0, 3)}-${next.slice(3)}`)).statusCode).toBe(200);
    });

    it('new recovery codes need the password typed again; the old ones stop working; the owner is mailed', async () => {
      const admin = await insertUser(ctx, { role: 'admin' });
      const { access_token } = await signInAdmin(ctx, admin);
      const regenerate = () => inject({ method: 'POST', url: '/api/auth/two-factor/recovery-codes', headers: bearer(access_token) });
      const refused = await regenerate();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'auth.step_up_required' });
      await stepUp(ctx, admin.id, access_token);
      const first = await regenerate();
      expect(first.statusCode, first.body).toBe(200);
      const codes = first.json<{ recovery_codes: string[] }>().recovery_codes;
      expect(codes).toHaveLength(10);
      const second = (await regenerate()).json<{ recovery_codes: string[] }>().recovery_codes;
      expect(events('two_factor_changed').at(-1)).toMatchObject({ userId: admin.id, status: 200 });

      const passwordStep = await ctx.app.signAccessToken({ id: admin.id, role: 'admin', secondFactor: 'code' });
      const verify = (code: string) => inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: bearer(passwordStep), payload: { code } });
      expect((await verify(codes[0]!)).statusCode).toBe(400);
      expect((await verify(second[0]!)).statusCode).toBe(200);
      expect((await notices(admin.email)).map((n) => n.subject)).toEqual([
        'New recovery codes were made for your Uplift account',
        'New recovery codes were made for your Uplift account',
        'A recovery code was used to sign in to your Uplift account',
      ]);
      expect((await notices(admin.email)).at(-1)!.text).toContain('9 recovery codes are left');
    });

    it("mails the admin when the second factor is set up, and when another admin resets it", async () => {
      const admin = await insertUser(ctx, { role: 'admin', totp_secret: null });
      const passwordStep = await ctx.app.signAccessToken({ id: admin.id, role: 'admin', secondFactor: 'enrol' });
      const started = await inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', headers: bearer(passwordStep) });
      const { secret } = started.json<{ secret: string }>();
      const confirmed = await inject({ method: 'POST', url: '/api/auth/two-factor/enrolment/confirm', headers: bearer(passwordStep), payload: { code: totpCode(secret, ctx.clock.now()) } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const helper = await insertUser(ctx, { role: 'admin' });
      const reset = await inject({ method: 'POST', url: `/api/admin/users/${admin.id}/two-factor/reset`, headers: bearer((await signInAdmin(ctx, helper)).access_token) });
      expect(reset.statusCode).toBe(200);
      expect((await notices(admin.email)).map((n) => n.subject)).toEqual([
        'Two-factor sign-in was set up on your Uplift account',
        'Two-factor sign-in was reset on your Uplift account',
      ]);
    });
  });
});
