import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { MSG } from '@uplift/core/messages';
import { newPasswordSchema } from '@uplift/core/schemas/auth';
import { FieldError } from '../../errors.ts';
import { isCommonPassword } from './common-passwords.ts';

/**
 * The one rule for a new password, wherever one is chosen: registration, reset, the account's
 * password change and create-admin (ADMIN_PASSWORD too). 8 to 1024 characters, kept as typed,
 * and not one of the most common passwords (docs/decisions/074, docs/decisions/123). Answers
 * what is wrong, in the words the forms show, or undefined.
 */
export function newPasswordProblem(password: string): string | undefined {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? MSG.passwordRequired;
  return isCommonPassword(password) ? MSG.passwordTooCommon : undefined;
}

/** Refuses a new password that breaks the rule, at its form field (400 `validation`). */
export function refuseWeakPassword(field: string, password: string): void {
  const problem = newPasswordProblem(password);
  if (problem) throw new FieldError(field, problem);
}

// Passwords are hashed with scrypt at OWASP's current floor: N=2^17, r=8, p=1 (128 MiB, about a
// quarter of a second). The parameters are stored with each hash so they can be raised later.
const LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** Separates the fields of a stored hash (not money). */
// eslint-disable-next-line no-restricted-syntax -- the scrypt hash format's separator, not a currency symbol
const FIELD_SEPARATOR = '$';
const SALT_BYTES = 16;
// scrypt needs 128 × N × r bytes; Node's default maxmem (32 MiB) would refuse N=2^17.
const MAX_MEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Async scrypt runs on libuv's thread pool, so a login never blocks the event loop.
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url). Never trims it. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N: 2 ** LOG2_N, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', LOG2_N, R, P, salt.toString('base64url'), key.toString('base64url')].join(FIELD_SEPARATOR);
}

type ParsedHash = { log2N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split(FIELD_SEPARATOR);
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a tampered row from asking for absurd memory or time.
  if (![log2N, r, p].every(Number.isInteger) || log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 4) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || key.length < 16) return undefined;
  return { log2N, r, p, salt, key };
}

let dummy: Promise<string> | undefined;

/** A hash of a random password, made once, to spend the same time when there is no real hash. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

/**
 * True when the password matches the stored hash. A missing or unusable hash (an unknown email,
 * a demo account) is checked against a dummy instead, so every answer costs the same time.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : undefined;
  const target = parsed ?? parseHash(await dummyHash())!;
  const key = await derive(password, target.salt, { N: 2 ** target.log2N, r: target.r, p: target.p }, target.key.length);
  const matches = timingSafeEqual(key, target.key);
  return parsed !== undefined && matches;
}
