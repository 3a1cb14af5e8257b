import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { hashPassword } from '../auth/index.ts';
import { adminAndUser, insertUser } from './admin.test-support.ts';

// An admin ends every sign-in of an account from the user list (docs/decisions/130): audited,
// and the account's access tokens are refused at once.

describe('admin: end a user’s sessions', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof adminAndUser>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await adminAndUser(ctx);
  });
  afterAll(() => ctx.close());

  it('signs every device of the account out at once and records who did it', async () => {
    const password = 'a long and memorable passphrase';
    const donor = await insertUser(ctx, { password_hash: await hashPassword(password) });
    const devices = await Promise.all(
      [1, 2].map(async () => {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: donor.email, password } });
        return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
      }),
    );
    for (const headers of devices) expect((await ctx.app.inject({ method: 'GET', url: '/api/account/sessions', headers })).statusCode).toBe(200);

    const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${donor.id}/sessions/revoke`, headers: admin.adminAuth });
    expect(res.statusCode).toBe(200);
    for (const headers of devices) expect((await ctx.app.inject({ method: 'GET', url: '/api/account/sessions', headers })).statusCode).toBe(401);
    const [entry] = await ctx.db.select().from(adminAudit).where(eq(adminAudit.action, 'user.sessions_revoke'));
    expect(entry).toMatchObject({ admin_user_id: admin.admin.id, target: `user ${donor.id}` });
  });

  it('answers 404 for no such account and 403 for a donor', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/admin/users/999999/sessions/revoke', headers: admin.adminAuth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('There is no account with id 999999');
    const donor = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${admin.admin.id}/sessions/revoke`, headers: admin.userAuth });
    expect(donor.statusCode).toBe(403);
  });
});
