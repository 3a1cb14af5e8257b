import type * as crypto from 'node:crypto';
import { MSG } from '@uplift/core/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { registration, seedOpenCampaign, signUp, startSmtpServer } from './auth.test-support.ts';

// A login must not tell whether an email has an account (product-rules §17: the same answer for an unknown email
// and a wrong password). The answer's time must not tell either: every login derives one scrypt key
// of the same cost, a dummy hash standing in when there is no real one. Counting the derivations is
// deterministic where a stopwatch is not; the time itself is measured by `npm run bench:login`.

type Derivation = { N: number | undefined; r: number | undefined; p: number | undefined; keyLength: number };
const derivations: Derivation[] = [];

// Node's scrypt, unchanged, with each call's cost noted.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  const scrypt = (...args: Parameters<typeof original.scrypt>) => {
    const [, , keyLength, options] = args as unknown as [unknown, unknown, number, crypto.ScryptOptions];
    derivations.push({ N: options.N, r: options.r, p: options.p, keyLength });
    return (original.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...original, default: { ...original, scrypt }, scrypt };
});

describe('login does the same work for a known and an unknown email', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let email: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    email = (await signUp(ctx.app, smtp, registration(open.pledge))).email;
    // The dummy hash is made once per process, on the first login that needs it.
    await login('first.unknown@example.org', 'wrong password');
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    derivations.length = 0;
  });

  const login = (address: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: address, password } });

  /** The passwords' key derivation: scrypt at N = 2^17, r = 8, p = 1, a 32-byte key (auth/password.ts). */
  const ONE_DERIVATION = [{ N: 131_072, r: 8, p: 1, keyLength: 32 }];

  it('a wrong password: one derivation, 401 with the login message', async () => {
    const res = await login(email, 'wrong password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.loginFailed, code: 'auth.login_failed' });
    expect(derivations).toEqual(ONE_DERIVATION);
  });

  it('an unknown email: the same one derivation and the same answer', async () => {
    const known = await login(email, 'wrong password');
    derivations.length = 0;
    const unknown = await login('nobody@example.org', 'wrong password');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(known.body);
    expect(derivations).toEqual(ONE_DERIVATION);
  });

  it('an account whose hash is unusable (demo donors): the same one derivation', async () => {
    await ctx.db.$client.query(
      `insert into users (first_name, last_name, email, country, password_hash, activated) values ('Demo', 'Donor', 'equal.work.demo@example.org', 'NZ', '!', true)`,
    );
    const res = await login('equal.work.demo@example.org', '!');
    expect(res.statusCode).toBe(401);
    expect(derivations).toEqual(ONE_DERIVATION);
  });
});
