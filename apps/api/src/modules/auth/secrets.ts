import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Secrets at rest (docs/decisions/131-passkeys-and-secrets-at-rest.md): an admin's TOTP secret is
// encrypted with AES-256-GCM under SECRETS_KEY, each value naming the key it was sealed with so the
// key can be rotated (`npm run rotate-secrets`); recovery codes are kept as salted scrypt hashes.

/** The prefix of an encrypted value: `enc1:<key id>:<iv>:<ciphertext + tag>` (base64url parts). */
const ENCRYPTED_PREFIX = 'enc1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a ciphertext to what it is: a TOTP secret cannot be moved into another kind of field. */
const AAD = Buffer.from('uplift totp secret');

/** A key's id: the first 8 hex digits of its SHA-256. It names the key and reveals nothing of it. */
export const secretsKeyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

export class SecretsKeyError extends Error {}

export const isEncryptedSecret = (stored: string): boolean => stored.startsWith(`${ENCRYPTED_PREFIX}:`);

/** The key id an encrypted value names, or undefined for a plain value. */
export const keyIdOf = (stored: string): string | undefined => (isEncryptedSecret(stored) ? stored.split(':')[1] : undefined);

export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [ENCRYPTED_PREFIX, secretsKeyId(key), iv.toString('base64url'), body.toString('base64url')].join(':');
}

/**
 * The plain secret of an encrypted value. Throws SecretsKeyError when the value was sealed with
 * another key (the message says which) or fails its authentication tag, and for a plain value
 * (those are encrypted when the app starts).
 */
export function decryptSecret(stored: string, key: Buffer): string {
  const [prefix, kid, iv, body, extra] = stored.split(':');
  if (prefix !== ENCRYPTED_PREFIX || !kid || !iv || !body || extra !== undefined) throw new SecretsKeyError('a TOTP secret is not encrypted: start the app once to encrypt it');
  if (kid !== secretsKeyId(key)) {
    throw new SecretsKeyError(`a TOTP secret is encrypted with key ${kid} but SECRETS_KEY is key ${secretsKeyId(key)}: set SECRETS_KEY to the key in use, or rotate with npm run rotate-secrets`);
  }
  const data = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(AAD);
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretsKeyError(`a TOTP secret sealed with key ${kid} does not open with it: the value was altered`);
  }
}

// Recovery codes: scrypt (N=2^14, r=8, p=1: 16 MiB, some tens of milliseconds) with a salt per
// code, over the SHA-256 of the code as typed-normalised. The SHA-256 step lets the rows kept
// before this (a bare SHA-256) be converted in place, without their codes. Lighter than the
// password hash: a sign-in may check all ten codes, and each code is random (about 49 bits) and
// its guessing rate-limited.
const LOG2_N = 14;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// eslint-disable-next-line no-restricted-syntax -- the hash format's separator, not a currency symbol
const SEP = '$';
const SCRYPT_PREFIX = 'scrypt-sha256';
const LEGACY_SHA256 = /^[0-9a-f]{64}$/;

const normalised = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

function derive(prehash: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(prehash, salt, KEY_LENGTH, { N: 2 ** log2n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

async function hashPrehash(prehash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(prehash, salt, LOG2_N, R, P);
  return [SCRYPT_PREFIX, LOG2_N, R, P, salt.toString('base64url'), key.toString('base64url')].join(SEP);
}

/** What the database keeps of a recovery code: `scrypt-sha256$14$8$1$<salt>$<key>`. */
export const hashRecoveryCode = (code: string): Promise<string> => hashPrehash(sha256Hex(normalised(code)));

/** A row kept as a bare SHA-256 before codes were salted: converted to the scrypt form without its code. */
export const isLegacyRecoveryHash = (stored: string): boolean => LEGACY_SHA256.test(stored);
export const upgradeLegacyRecoveryHash = (legacySha256: string): Promise<string> => hashPrehash(legacySha256);

/** Whether a typed code is the one a stored hash was made of (false for any malformed value). */
export async function recoveryCodeMatches(code: string, stored: string): Promise<boolean> {
  const [prefix, log2n, r, p, salt, key, extra] = stored.split(SEP);
  if (prefix !== SCRYPT_PREFIX || !salt || !key || extra !== undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(sha256Hex(normalised(code)), Buffer.from(salt, 'base64url'), Number(log2n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
