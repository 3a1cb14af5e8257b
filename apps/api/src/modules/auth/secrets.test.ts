import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRecoveryCodes, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { insertUser } from '../admin/admin.test-support.ts';
import { decryptSecret, encryptSecret, hashRecoveryCode, recoveryCodeMatches, SecretsKeyError, secretsKeyId, upgradeLegacyRecoveryHash } from './secrets.ts';
import { newTotpSecret, totpCode } from './totp.ts';
import { rotateSecrets, sealSecretsAtRest } from './two-factor.service.ts';

// Secrets at rest (docs/decisions/131-passkeys-and-secrets-at-rest.md).

const key = randomBytes(32);
const otherKey = randomBytes(32);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('TOTP secrets sealed with SECRETS_KEY', () => {
  it('encrypts with AES-256-GCM under a fresh IV, naming the key; opens only with that key and unaltered', () => {
    const secret = newTotpSecret();
    const a = encryptSecret(secret, key);
    const b = encryptSecret(secret, key);
    expect(a).toMatch(new RegExp(`^enc1:${secretsKeyId(key)}:[\\w-]{16}:[\\w-]+$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(decryptSecret(a, key)).toBe(secret);
    expect(() => decryptSecret(a, otherKey)).toThrow(new SecretsKeyError(`a TOTP secret is encrypted with key ${secretsKeyId(key)} but SECRETS_KEY is key ${secretsKeyId(otherKey)}: set SECRETS_KEY to the key in use, or rotate with npm run rotate-secrets`));
    const [p, kid, iv, body] = a.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret([p, kid, iv, flipped.toString('base64url')].join(':'), key)).toThrow(/was altered/);
    expect(() => decryptSecret(secret, key)).toThrow(/not encrypted/);
    expect(secretsKeyId(key)).toMatch(/^[0-9a-f]{8}$/);
    expect(secretsKeyId(key)).not.toBe(secretsKeyId(otherKey));
  });
});

describe('recovery codes hashed with scrypt and a salt per code', () => {
  it('matches the code as typed (dashes, spaces, capitals aside) and nothing else; two hashes of one code differ', async () => {
    const stored = await hashRecoveryCode('abcde-fghjk');
    expect(stored).toMatch(/^scrypt-sha256\$14\$8\$1\$/);
    expect(await hashRecoveryCode('abcde-fghjk')).not.toBe(stored);
    expect(await recoveryCodeMatches('ABCDE FGHJK', stored)).toBe(true);
    expect(await recoveryCodeMatches('abcdefghjk', stored)).toBe(true);
    expect(await recoveryCodeMatches('abcde-fghjm', stored)).toBe(false);
    expect(await recoveryCodeMatches('abcdefghjk', sha256('abcdefghjk'))).toBe(false);
    expect(await recoveryCodeMatches('abcdefghjk', 'scrypt-sha256$14$8$1$bad')).toBe(false);
  });

  it('converts a SHA-256 kept before into a salted scrypt hash the same code still matches', async () => {
    const upgraded = await upgradeLegacyRecoveryHash(sha256('abcdefghjk'));
    expect(await recoveryCodeMatches('abcde-FGHJK', upgraded)).toBe(true);
    expect(await recoveryCodeMatches('abcde-fghjm', upgraded)).toBe(false);
  });
});

describe('sealing at start-up and rotating the key, on the database', () => {
  let ctx: TestContext;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const verify = async (adminId: number, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { authorization: `Bearer ${await ctx.app.signAccessToken({ id: adminId, role: 'admin', secondFactor: 'code' })}` },
      payload: { code },
    });
  const rowOf = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('encrypts plain secrets and converts SHA-256 recovery codes in place; the admin signs in with either; a second run changes nothing', async () => {
    const secret = newTotpSecret();
    const pending = newTotpSecret();
    const admin = await insertUser(ctx, { role: 'admin', totp_secret: secret, totp_enrolled_at: ctx.clock.now() });
    const enrolling = await insertUser(ctx, { role: 'admin', totp_pending_secret: pending });
    await ctx.db.insert(adminRecoveryCodes).values(['aaaaabbbbb', 'cccccddddd'].map((c) => ({ user_id: admin.id, code_hash: sha256(c), created_at: ctx.clock.now() })));

    const done = await sealSecretsAtRest({ db: ctx.db, log }, ctx.config.secrets.key);
    expect(done).toEqual({ secrets: 2, recoveryCodes: 2 });
    const row = await rowOf(admin.id);
    expect(row.totp_secret).toMatch(/^enc1:/);
    expect(decryptSecret(row.totp_secret!, ctx.config.secrets.key)).toBe(secret);
    expect(decryptSecret((await rowOf(enrolling.id)).totp_pending_secret!, ctx.config.secrets.key)).toBe(pending);
    const codes = await ctx.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.user_id, admin.id));
    for (const c of codes) expect(c.code_hash).toMatch(/^scrypt-sha256\$/);
    expect(await sealSecretsAtRest({ db: ctx.db, log }, ctx.config.secrets.key)).toEqual({ secrets: 0, recoveryCodes: 0 });

    expect((await verify(admin.id, totpCode(secret, ctx.clock.now()))).statusCode).toBe(200);
    expect((await verify(admin.id, 'AAAAA-BBBBB')).statusCode).toBe(200);
    const again = await verify(admin.id, 'aaaaa-bbbbb');
    expect(again.statusCode).toBe(400); // each code once
    expect((await ctx.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.user_id, admin.id))).filter((c) => c.used_at)).toHaveLength(1);
  });

  it('rotates every secret to the new key in one transaction; run again it changes nothing; a value under a third key stops it with nothing changed', async () => {
    const oldKey = ctx.config.secrets.key;
    const newKey = randomBytes(32);
    const secrets = [newTotpSecret(), newTotpSecret()];
    const admins = await Promise.all(secrets.map((s) => insertUser(ctx, { role: 'admin', totp_secret: encryptSecret(s, oldKey) })));
    const before = await Promise.all(admins.map((a) => rowOf(a.id)));

    const stranger = await insertUser(ctx, { role: 'admin', totp_secret: encryptSecret(newTotpSecret(), otherKey) });
    await expect(rotateSecrets(ctx.db, oldKey, newKey)).rejects.toThrow(SecretsKeyError);
    for (const [i, a] of admins.entries()) expect((await rowOf(a.id)).totp_secret).toBe(before[i]!.totp_secret);
    await ctx.db.delete(users).where(eq(users.id, stranger.id));

    expect(await rotateSecrets(ctx.db, oldKey, newKey)).toBeGreaterThanOrEqual(2);
    for (const [i, a] of admins.entries()) {
      const stored = (await rowOf(a.id)).totp_secret!;
      expect(stored.split(':')[1]).toBe(secretsKeyId(newKey));
      expect(decryptSecret(stored, newKey)).toBe(secrets[i]);
    }
    expect(await rotateSecrets(ctx.db, oldKey, newKey)).toBe(0);
    await expect(rotateSecrets(ctx.db, newKey, newKey)).rejects.toThrow('NEW_SECRETS_KEY is the same key as SECRETS_KEY');
    // Back to the test key, through the command itself, so the rest of the suite reads them.
    const cli = await promisify(execFile)(process.execPath, [path.resolve(import.meta.dirname, '../../cli/rotate-secrets.ts')], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: ctx.databaseUrl, SECRETS_KEY: newKey.toString('base64'), NEW_SECRETS_KEY: oldKey.toString('base64'), LOG_LEVEL: 'silent' },
    });
    expect(cli.stdout).toContain(`from key ${secretsKeyId(newKey)} to key ${secretsKeyId(oldKey)}. Now set SECRETS_KEY to the new key and restart.`);
    expect(decryptSecret((await rowOf(admins[0]!.id)).totp_secret!, oldKey)).toBe(secrets[0]);
  });
});
