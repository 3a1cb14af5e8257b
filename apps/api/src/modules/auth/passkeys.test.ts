import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys, users } from '../../db/schema.ts';
import { PASSKEYS_MAX } from '@uplift/core/schemas/passkeys';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { insertUser, signInAdmin } from '../admin/admin.test-support.ts';
import { captureLogs, refreshCookieOf } from './auth.test-support.ts';
import { createCredential, getAssertion, type Ceremony, type SoftPasskey } from './passkeys.test-support.ts';
import { STEP_UP_PASSWORD, stepUp, steppedUpDonor } from './step-up.test-support.ts';

// Passkeys end to end on a real database (docs/decisions/131-passkeys-and-secrets-at-rest.md): a
// software authenticator answers the server's options as a browser would, the server library
// verifies its attestation and assertions.

const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';
const here = { origin: ORIGIN, rpId: RP_ID };

type Options = {
  challenge: string;
  user: { id: string; name: string; displayName: string };
  rp: { id: string };
  authenticatorSelection: Record<string, unknown>;
  attestation: string;
  excludeCredentials: { id: string; transports?: string[] }[];
};

describe('passkeys', () => {
  let ctx: TestContext;
  const logs = captureLogs();
  beforeAll(async () => {
    ctx = await createTestContext({ logger: logs.logger });
  });
  afterAll(async () => ctx.close());

  const inject = (opts: InjectOptions) => ctx.app.inject({ remoteAddress: '203.0.113.7', ...opts });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const tokenOf = (res: LightMyRequestResponse) => res.json<{ access_token: string }>().access_token;
  // A real sign-in re-confirmed with the password: adding and removing a passkey need it (docs/decisions/151).
  const donorToken = async (id: number) => steppedUpDonor(ctx, id);

  async function addPasskey(token: string, name = 'My phone', at: Ceremony = here): Promise<{ passkey: SoftPasskey; res: LightMyRequestResponse; options: Options }> {
    const opts = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(token) });
    expect(opts.statusCode, opts.body).toBe(200);
    const options = opts.json<Options>();
    const { passkey, response } = createCredential(options, at);
    const res = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(token), payload: { name, response } });
    return { passkey, res, options };
  }

  const signInOptions = async () => {
    const res = await inject({ method: 'POST', url: '/api/auth/passkeys/authentication/options' });
    expect(res.statusCode).toBe(200);
    return res.json<{ challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] }>();
  };
  // Sign-ins are limited per IP (30 in 10 minutes, on a clock that stands still): tests that make many use their own address.
  const signIn = (response: object, remoteAddress = '203.0.113.7') => inject({ method: 'POST', url: '/api/auth/passkeys/authentication/verify', payload: { response }, remoteAddress });
  const list = async (token: string) => (await inject({ method: 'GET', url: '/api/auth/passkeys', headers: bearer(token) })).json<{ passkeys: { id: number; name: string; created_at: string; last_used_at: string | null }[] }>().passkeys;
  const refusedEvents = () => logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'security.passkey_refused');
  const b64url = (text: string) => Buffer.from(text).toString('base64url');
  type Assertion = { id: string; response: { clientDataJSON: string; userHandle?: string } };

  it('adds a resident passkey with user verification, lists it, and signs the donor in with it alone', async () => {
    const donor = await insertUser(ctx);
    const token = await donorToken(donor.id);
    const { passkey, res, options } = await addPasskey(token, '  Laptop  ');
    expect(options.rp.id).toBe(RP_ID);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(`uplift:${donor.id}`);
    expect(options.user).toMatchObject({ name: donor.email, displayName: `${donor.first_name} ${donor.last_name}` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Laptop', created_at: TEST_NOW, last_used_at: null });
    expect(await list(token)).toEqual([{ id: res.json<{ id: number }>().id, name: 'Laptop', created_at: TEST_NOW, last_used_at: null }]);

    const options2 = await signInOptions();
    expect(options2).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options2.allowCredentials ?? []).toEqual([]);
    const signedIn = await signIn(getAssertion(passkey, options2, here));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('two_factor');
    expect(refreshCookieOf(signedIn)?.value).toBeTruthy();
    const me = await inject({ method: 'GET', url: '/api/auth/user_info', headers: bearer(tokenOf(signedIn)) });
    expect(me.json()).toMatchObject({ id: donor.id, email: donor.email });
    expect((await list(token))[0]!.last_used_at).toBe(TEST_NOW);

    const exported = await inject({ method: 'GET', url: '/api/account/export', headers: bearer(token) });
    expect(exported.json<{ passkeys: unknown[] }>().passkeys).toEqual([{ id: expect.any(Number), name: 'Laptop', created_at: TEST_NOW, last_used_at: TEST_NOW }]);
    expect(exported.body).not.toContain(passkey.credentialId.toString('base64url'));
  });

  it("counts an admin's passkey sign-in as the second factor: admin rights at once, no code step", async () => {
    const admin = await insertUser(ctx, { role: 'admin' });
    const { access_token } = await signInAdmin(ctx, admin);
    const { passkey, res } = await addPasskey(await stepUp(ctx, admin.id, access_token));
    expect(res.statusCode, res.body).toBe(201);
    const signedIn = await signIn(getAssertion(passkey, await signInOptions(), here));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('two_factor');
    const audit = await inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(tokenOf(signedIn)) });
    expect(audit.statusCode).toBe(200);
    // A refresh keeps the admin rights: the family passed the second factor.
    const refreshed = await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: refreshCookieOf(signedIn)!.value } });
    expect(refreshed.json()).not.toHaveProperty('two_factor');
    expect((await inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(tokenOf(refreshed)) })).statusCode).toBe(200);
  });

  it("removes an admin's passkeys when another admin resets the lost second factor", async () => {
    const lost = await insertUser(ctx, { role: 'admin' });
    const helper = await insertUser(ctx, { role: 'admin' });
    const { passkey } = await addPasskey(await stepUp(ctx, lost.id, (await signInAdmin(ctx, lost)).access_token));
    const reset = await inject({ method: 'POST', url: `/api/admin/users/${lost.id}/two-factor/reset`, headers: bearer((await signInAdmin(ctx, helper)).access_token) });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.user_id, lost.id))).toEqual([]);
    expect((await signIn(getAssertion(passkey, await signInOptions(), here))).statusCode).toBe(401);
  });

  it('limits passkey sign-ins per IP as logins are (30 in 10 minutes)', async () => {
    const from = { remoteAddress: '198.51.100.44' };
    for (let i = 0; i < 30; i += 1) expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/passkeys/authentication/options', ...from })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/passkeys/authentication/options', ...from })).statusCode).toBe(429);
    const verifyCalls = await Promise.all(
      Array.from({ length: 31 }, () => ctx.app.inject({ method: 'POST', url: '/api/auth/passkeys/authentication/verify', payload: { response: {} }, ...from })),
    );
    expect(verifyCalls.filter((r) => r.statusCode === 429)).toHaveLength(1);
  });

  it("refuses to add a passkey with an admin's password-step token or without a token", async () => {
    const admin = await insertUser(ctx, { role: 'admin', totp_secret: null });
    const passwordStep = await ctx.app.signAccessToken({ id: admin.id, role: 'admin', secondFactor: 'code' });
    const refused = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(passwordStep) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.two_factor_required' });
    expect((await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options' })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/auth/passkeys' })).statusCode).toBe(401);
  });

  it('refuses a registration from another origin, for a challenge used once already, without user verification, or with no name', async () => {
    const donor = await insertUser(ctx);
    const token = await donorToken(donor.id);
    const wrongOrigin = await addPasskey(token, 'Phone', { origin: 'https://evil.example', rpId: RP_ID });
    expect(wrongOrigin.res.statusCode).toBe(400);
    expect(wrongOrigin.res.json()).toMatchObject({ code: 'auth.passkey_not_added' });
    const noUv = await addPasskey(token, 'Phone', { ...here, userVerified: false });
    expect(noUv.res.statusCode).toBe(400);

    const ok = await addPasskey(token, 'Phone');
    expect(ok.res.statusCode).toBe(201);
    const { response } = createCredential(ok.options, here);
    const replayed = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(token), payload: { name: 'Again', response } });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'auth.passkey_not_added' });

    const opts = (await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(token) })).json<Options>();
    const noName = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(token), payload: { name: '   ', response: createCredential(opts, here).response } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'validation', message: 'Please give the passkey a name' });
    // Another account cannot answer this account's challenge.
    const other = await insertUser(ctx);
    const stolen = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(await donorToken(other.id)), payload: { name: 'Mine', response: createCredential(opts, here).response } });
    expect(stolen.statusCode).toBe(400);
    expect(await list(token)).toHaveLength(1);
  });

  it('refuses a sign-in from another origin, a replayed challenge, an expired one, an unknown credential and a counter going backwards', async () => {
    const donor = await insertUser(ctx);
    const token = await donorToken(donor.id);
    const { passkey } = await addPasskey(token);
    const before = refusedEvents().length;

    const wrongOrigin = await signIn(getAssertion(passkey, await signInOptions(), { origin: 'https://evil.example', rpId: RP_ID }));
    expect(wrongOrigin.statusCode).toBe(401);
    expect(wrongOrigin.json()).toMatchObject({ code: 'auth.passkey_refused' });
    const wrongRp = await signIn(getAssertion(passkey, await signInOptions(), { origin: ORIGIN, rpId: 'evil.example' }));
    expect(wrongRp.statusCode).toBe(401);
    const noUv = await signIn(getAssertion(passkey, await signInOptions(), { ...here, userVerified: false }));
    expect(noUv.statusCode).toBe(401);

    const options = await signInOptions();
    const assertion = getAssertion(passkey, options, here);
    expect((await signIn(assertion)).statusCode).toBe(200);
    expect((await signIn(assertion)).statusCode).toBe(401); // the same answer again
    expect((await signIn(getAssertion(passkey, options, here))).statusCode).toBe(401); // the challenge is used up

    const stale = await signInOptions();
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + 5 * 60_000 + 1000).toISOString());
    try {
      expect((await signIn(getAssertion(passkey, stale, here))).statusCode).toBe(401);
    } finally {
      ctx.clock.set(TEST_NOW);
    }

    const stranger = createCredential({ challenge: 'x', user: { id: passkey.userHandle } }, here).passkey;
    const unknown = await signIn(getAssertion(stranger, await signInOptions(), here));
    expect(unknown.statusCode).toBe(401);

    const backwards = await signIn(getAssertion(passkey, await signInOptions(), { ...here, counter: 1 }));
    expect(backwards.statusCode).toBe(401);
    const same = await signIn(getAssertion(passkey, await signInOptions(), { ...here, counter: 1 }));
    expect(same.statusCode).toBe(401);
    expect((await signIn(getAssertion(passkey, await signInOptions(), { ...here, counter: 50 }))).statusCode).toBe(200);

    const events = refusedEvents().slice(before);
    expect(events[0]).toMatchObject({ ip: '203.0.113.7', level: 40, userId: donor.id, status: 401, requestId: expect.stringMatching(/\S/) });
    const used = 'unknown, used or expired challenge';
    expect(events.map((e) => e.why)).toEqual([
      expect.stringMatching(/^assertion refused: .*origin/i),
      expect.stringMatching(/^assertion refused: .*RP ID/i),
      expect.stringMatching(/^assertion refused: .*user verification/i),
      used,
      used,
      used,
      'unknown credential',
      expect.stringMatching(/^assertion refused: .*counter/i),
      expect.stringMatching(/^assertion refused: .*counter/i),
    ]);
  });

  it("refuses another account's user handle, and a passkey of an erased account", async () => {
    const donor = await insertUser(ctx);
    const { passkey } = await addPasskey(await donorToken(donor.id));
    const forged = { ...passkey, userHandle: Buffer.from('uplift:999999').toString('base64url') };
    expect((await signIn(getAssertion(forged, await signInOptions(), here))).statusCode).toBe(401);

    const erased = await insertUser(ctx);
    const erasedToken = await donorToken(erased.id);
    const added = await addPasskey(erasedToken);
    const erase = await inject({ method: 'POST', url: '/api/account/erase', headers: bearer(erasedToken), payload: { password: STEP_UP_PASSWORD } });
    expect(erase.statusCode, erase.body).toBeLessThan(300);
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.user_id, erased.id))).toEqual([]);
    expect((await signIn(getAssertion(added.passkey, await signInOptions(), here))).statusCode).toBe(401);
  });

  it('removes a passkey of ones own (never of another account); a removed passkey signs no one in; passkeys go when the account row goes', async () => {
    const donor = await insertUser(ctx);
    const token = await donorToken(donor.id);
    const { passkey, res } = await addPasskey(token);
    const id = res.json<{ id: number }>().id;
    const other = await insertUser(ctx);
    const notYours = await inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(await donorToken(other.id)) });
    expect(notYours.statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url: '/api/auth/passkeys/abc', headers: bearer(token) })).statusCode).toBe(400);
    const removed = await inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(200);
    expect(await list(token)).toEqual([]);
    expect((await signIn(getAssertion(passkey, await signInOptions(), here))).statusCode).toBe(401);

    const gone = await insertUser(ctx);
    await addPasskey(await donorToken(gone.id));
    await ctx.db.delete(users).where(eq(users.id, gone.id));
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.user_id, gone.id))).toEqual([]);
    expect(await ctx.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.user_id, gone.id))).toEqual([]);
  });

  it("refuses a sign-in whose answer has no user handle, another key's signature, client data that is not JSON, or a challenge that is not text", async () => {
    const donor = await insertUser(ctx);
    const { passkey } = await addPasskey(await donorToken(donor.id));
    const from = '203.0.113.70';
    const before = refusedEvents().length;
    const noHandle = getAssertion(passkey, await signInOptions(), here) as Assertion;
    delete noHandle.response.userHandle;
    expect((await signIn(noHandle, from)).statusCode).toBe(401);
    const notJson = getAssertion(passkey, await signInOptions(), here) as Assertion;
    notJson.response.clientDataJSON = b64url('not json');
    expect((await signIn(notJson, from)).statusCode).toBe(401);
    const numeric = getAssertion(passkey, await signInOptions(), here) as Assertion;
    numeric.response.clientDataJSON = b64url(JSON.stringify({ type: 'webauthn.get', challenge: 12345, origin: ORIGIN }));
    expect((await signIn(numeric, from)).statusCode).toBe(401);
    const forged = getAssertion({ ...passkey, privateKey: createCredential({ challenge: 'x', user: { id: passkey.userHandle } }, here).passkey.privateKey }, await signInOptions(), here);
    expect((await signIn(forged, from)).statusCode).toBe(401);
    expect(refusedEvents().slice(before).map((e) => [e.why, e.userId])).toEqual([
      ['not the user handle of this account', donor.id],
      ['unknown, used or expired challenge', null],
      ['unknown, used or expired challenge', null],
      ['assertion did not verify', donor.id],
    ]);
    // The same passkey, answered properly, still signs in.
    expect((await signIn(getAssertion(passkey, await signInOptions(), here), from)).statusCode).toBe(200);
  });

  it('keeps the transports the authenticator names (none when it names none) and offers them back so a key is not added twice', async () => {
    const donor = await insertUser(ctx);
    const token = await donorToken(donor.id);
    const first = await addPasskey(token);
    expect(first.res.statusCode, first.res.body).toBe(201);
    const opts = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(token) });
    const options = opts.json<Options>();
    expect(options.excludeCredentials).toEqual([{ id: first.passkey.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] }]);
    const silent = createCredential(options, here, { transports: null });
    const added = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(token), payload: { name: 'Old key', response: silent.response } });
    expect(added.statusCode, added.body).toBe(201);
    const rows = await ctx.db.select().from(passkeys).where(eq(passkeys.user_id, donor.id)).orderBy(passkeys.id);
    expect(rows.map((r) => r.transports)).toEqual([['internal'], []]);
  });

  it('refuses a credential already added, to this account or another, and says so', async () => {
    const donor = await insertUser(ctx);
    const token = await donorToken(donor.id);
    const { passkey } = await addPasskey(token);
    const again = async (who: string) => {
      const options = (await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(who) })).json<Options>();
      return inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(who), payload: { name: 'Again', response: createCredential(options, here, { same: passkey }).response } });
    };
    for (const who of [token, await donorToken((await insertUser(ctx)).id)]) {
      const res = await again(who);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'auth.passkey_exists' });
    }
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.credential_id, passkey.credentialId.toString('base64url')))).toHaveLength(1);
  });

  it('refuses a registration whose client data is not JSON or has no text challenge', async () => {
    const donor = await insertUser(ctx);
    const token = await donorToken(donor.id);
    for (const clientData of ['not json', JSON.stringify({ type: 'webauthn.create', challenge: 7, origin: ORIGIN })]) {
      const options = (await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(token) })).json<Options>();
      const made = createCredential(options, here).response as { response: { clientDataJSON: string } };
      made.response.clientDataJSON = b64url(clientData);
      const res = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/verify', headers: bearer(token), payload: { name: 'Key', response: made } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'auth.passkey_not_added' });
    }
    expect(await list(token)).toEqual([]);
  });

  it(`lets an account hold ${PASSKEYS_MAX} passkeys, and refuses one more with the limit named`, async () => {
    const donor = await insertUser(ctx);
    const token = await donorToken(donor.id);
    for (let i = 0; i < PASSKEYS_MAX; i += 1) expect((await addPasskey(token, `Key ${i + 1}`)).res.statusCode).toBe(201);
    const more = await inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers: bearer(token) });
    expect(more.statusCode).toBe(409);
    expect(more.json<{ message: string }>().message).toContain(String(PASSKEYS_MAX));
    expect(await list(token)).toHaveLength(PASSKEYS_MAX);
  });
});
