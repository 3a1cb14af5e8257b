import { spawn } from 'node:child_process';
import path from 'node:path';
import { MSG } from '@uplift/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { ensureAdmin } from './admin-bootstrap.ts';
import { refreshCookieOf } from './auth.test-support.ts';
import { hashPassword } from './password.ts';

const CLI = path.resolve(import.meta.dirname, '../../cli/create-admin.ts');

function runCli(args: string[], env: Record<string, string>, stdin = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(stdin);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('admin bootstrap', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('creates an activated admin, leaves it alone when nothing changed, and updates a changed password', async () => {
    const now = ctx.clock.now();
    expect(await ensureAdmin(ctx.db, { email: 'Chief@Example.org', password: 'first admin password' }, now)).toBe('created');
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'chief@example.org'));
    expect(admin).toMatchObject({ role: 'admin', activated: true, first_name: 'Uplift', last_name: 'Admin', activated_at: now });

    const session = await login('chief@example.org', 'first admin password');
    expect(session.statusCode).toBe(200);
    // A restart with the same settings keeps sessions.
    expect(await ensureAdmin(ctx.db, { email: 'chief@example.org', password: 'first admin password' }, now)).toBe('unchanged');
    const live = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.user_id, admin!.id));
    expect(live.every((r) => r.revoked_at === null)).toBe(true);

    expect(await ensureAdmin(ctx.db, { email: 'chief@example.org', password: 'second admin password' }, now)).toBe('updated');
    expect((await login('chief@example.org', 'first admin password')).statusCode).toBe(401);
    expect((await login('chief@example.org', 'second admin password')).statusCode).toBe(200);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { uplift_refresh: refreshCookieOf(session)!.value },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('promotes an existing user to an activated admin', async () => {
    await ctx.db.$client.query(
      `insert into users (first_name, last_name, email, country, password_hash) values ('Kim', 'Lee', 'kim@example.org', 'UK', '!')`,
    );
    expect(await ensureAdmin(ctx.db, { email: 'kim@example.org', password: 'kim admin password' }, ctx.clock.now())).toBe('updated');
    const [kim] = await ctx.db.select().from(users).where(eq(users.email, 'kim@example.org'));
    expect(kim).toMatchObject({ role: 'admin', activated: true, first_name: 'Kim' });
  });

  it('promotes a donor who already uses that password, keeping when they activated', async () => {
    const activatedAt = new Date('2026-01-02T03:04:05.000Z');
    await ctx.db.insert(users).values({
      first_name: 'Ana',
      last_name: 'Lee',
      email: 'ana@example.org',
      country: 'NZ',
      password_hash: await hashPassword('ana admin password'),
      activated: true,
      activated_at: activatedAt,
    });
    expect(await ensureAdmin(ctx.db, { email: 'ana@example.org', password: 'ana admin password' }, ctx.clock.now())).toBe('updated');
    const [ana] = await ctx.db.select().from(users).where(eq(users.email, 'ana@example.org'));
    expect(ana).toMatchObject({ role: 'admin', activated: true, activated_at: activatedAt });
  });

  it('two instances starting at once make one admin between them', async () => {
    const input = { email: 'twice@example.org', password: 'started twice at once' };
    const results = await Promise.all([ensureAdmin(ctx.db, input, ctx.clock.now()), ensureAdmin(ctx.db, input, ctx.clock.now())]);
    expect(results.sort()).toEqual(['created', 'unchanged']);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'twice@example.org'))).toHaveLength(1);
  });

  it('npm run create-admin does the same from the command line, and explains bad input', async () => {
    const env = { DATABASE_URL: ctx.databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'development', SEED_DEMO: 'false' };
    // The password comes on stdin (a prompt on a terminal), never as an argument.
    const ok = await runCli(['--email', 'cli.admin@example.org'], env, 'cli admin password\n');
    expect(ok.out).toContain('Created the admin cli.admin@example.org');
    expect(ok.out).not.toContain('cli admin password');
    expect(ok.code).toBe(0);
    expect((await login('cli.admin@example.org', 'cli admin password')).statusCode).toBe(200);

    const onCommandLine = await runCli(['--email', 'cli.admin@example.org', '--password', 'cli admin password'], env);
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.out).toContain('--password is not accepted');

    const badEmail = await runCli(['--email', 'not-an-email'], env, 'long enough password\n');
    expect(badEmail.code).toBe(2);
    expect(badEmail.out).toContain('--email: Email is invalid');

    const short = await runCli(['--email', 'cli.admin@example.org'], env, 'short\n');
    expect(short.code).toBe(2);
    expect(short.out).toContain('password: Password must be at least 8 characters long');
    expect(short.out).not.toContain('short\n');

    // The rule of every new password: a common one is refused, in the words the forms use.
    const common = await runCli(['--email', 'common.admin@example.org'], env, 'password1234\n');
    expect(common.code).toBe(2);
    expect(common.out).toContain(`password: ${MSG.passwordTooCommon}`);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'common.admin@example.org'))).toEqual([]);
  }, 120_000); // five CLI runs, each opening the database

  it('refuses a common password for an admin, new or existing (ADMIN_PASSWORD at start too)', async () => {
    const now = ctx.clock.now();
    await expect(ensureAdmin(ctx.db, { email: 'weak.admin@example.org', password: 'password1234' }, now)).rejects.toMatchObject({ field: 'password', message: MSG.passwordTooCommon });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'weak.admin@example.org'))).toEqual([]);
    await ensureAdmin(ctx.db, { email: 'weak.admin@example.org', password: 'a strong admin passphrase' }, now);
    await expect(ensureAdmin(ctx.db, { email: 'weak.admin@example.org', password: 'Password1234' }, now)).rejects.toThrow(MSG.passwordTooCommon);
    expect((await login('weak.admin@example.org', 'a strong admin passphrase')).statusCode).toBe(200);
  });
});
