import { emailSchema } from '@uplift/core/schemas/auth';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import * as repo from './auth.repository.ts';
import { hashPassword, refuseWeakPassword, verifyPassword } from './password.ts';

export type AdminResult = 'created' | 'updated' | 'unchanged';

/**
 * Creates or updates an activated admin (product-rules §17: ADMIN_EMAIL/ADMIN_PASSWORD at start, and
 * `npm run create-admin`). An existing account with that email becomes an admin; its password is
 * replaced only when it differs, and then its sessions end, so a restart never logs anyone out.
 */
export async function ensureAdmin(db: Db, input: { email: string; password: string }, now: Date, attempt = 0): Promise<AdminResult> {
  const email = emailSchema.parse(input.email);
  // The same rule as every other new password: a common one is refused here too.
  refuseWeakPassword('password', input.password);
  const password = input.password;
  const existing = await repo.findUserByEmail(db, email);

  if (!existing) {
    try {
      await insertAdmin(db, email, password, now);
    } catch (err) {
      // Another instance starting at the same moment created it first: update that one instead.
      if (attempt === 0 && isUniqueViolation(err, 'users_email_lower_key')) return ensureAdmin(db, input, now, 1);
      throw err;
    }
    return 'created';
  }

  const samePassword = await verifyPassword(password, existing.password_hash);
  if (samePassword && existing.role === 'admin' && existing.activated) return 'unchanged';
  const passwordHash = samePassword ? undefined : await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!existing.activated) await repo.activateUser(tx, existing.id, now);
    if (passwordHash) {
      await repo.setPasswordHash(tx, existing.id, passwordHash, now);
      await repo.revokeAllRefreshTokens(tx, existing.id, now);
    }
    await repo.setRole(tx, existing.id, 'admin', now);
  });
  return 'updated';
}

async function insertAdmin(db: Db, email: string, password: string, now: Date): Promise<void> {
  await repo.insertUser(db, {
    first_name: 'Uplift',
    last_name: 'Admin',
    email,
    country: 'NZ',
    password_hash: await hashPassword(password),
    role: 'admin',
    activated: true,
    activated_at: now,
    created_at: now,
    updated_at: now,
  });
}
