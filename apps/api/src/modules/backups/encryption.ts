// Backup encryption (docs/decisions/127-backups.md): AES-256-GCM with a key derived from
// BACKUP_PASSPHRASE by scrypt. A file is
//   "UPLIFTENC1" (10 bytes) | salt (16) | nonce (12) | key check (16) | ciphertext | GCM tag (16)
// The key check (an HMAC of a fixed text under the key) lets restore say "wrong passphrase" before
// reading the file; the tag proves, at the end, that nothing was changed.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { BackupError } from './backup-error.ts';

const MAGIC = Buffer.from('UPLIFTENC1', 'ascii');
const SALT = 16;
const NONCE = 12;
const CHECK = 16;
const TAG = 16;
export const ENCRYPTION_HEADER_LENGTH = MAGIC.length + SALT + NONCE + CHECK;

/** scrypt cost: N=2^15, r=8 (32 MiB, about 0.1 s): slow for guessing, quick for one backup. */
function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function keyCheck(key: Buffer): Buffer {
  return createHmac('sha256', key).update('uplift backup passphrase check').digest().subarray(0, CHECK);
}

/** A stream that encrypts what passes through it, header first and tag last. */
export async function encryptingStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT);
  const nonce = randomBytes(NONCE);
  const key = await deriveKey(passphrase, salt);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  let headerSent = false;
  const header = () => {
    if (headerSent) return [];
    headerSent = true;
    return [Buffer.concat([MAGIC, salt, nonce, keyCheck(key)])];
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (const part of header()) this.push(part);
      this.push(cipher.update(chunk));
      done();
    },
    flush(done) {
      for (const part of header()) this.push(part);
      this.push(cipher.final());
      this.push(cipher.getAuthTag());
      done();
    },
  });
}

/** Whether a file starts like an encrypted backup. */
export async function isEncryptedFile(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(MAGIC.length), 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && buffer.equals(MAGIC);
  } finally {
    await fh.close();
  }
}

/**
 * Checks the passphrase against the file's header and returns a stream that decrypts the bytes after
 * the header (feed it the file from ENCRYPTION_HEADER_LENGTH on). The stream fails at its end when
 * the file was changed.
 */
export async function decryptingStream(file: string, passphrase: string | undefined): Promise<Transform> {
  if (!passphrase) {
    throw new BackupError(`${file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with, then run restore again.`);
  }
  const fh = await open(file, 'r');
  let header: Buffer;
  try {
    ({ buffer: header } = await fh.read(Buffer.alloc(ENCRYPTION_HEADER_LENGTH), 0, ENCRYPTION_HEADER_LENGTH, 0));
  } finally {
    await fh.close();
  }
  let at = MAGIC.length;
  const salt = header.subarray(at, (at += SALT));
  const nonce = header.subarray(at, (at += NONCE));
  const check = header.subarray(at, (at += CHECK));
  const key = await deriveKey(passphrase, salt);
  if (!timingSafeEqual(keyCheck(key), check)) {
    throw new BackupError(`${file}: BACKUP_PASSPHRASE is not the passphrase this backup was encrypted with.`);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  // The last 16 bytes are the tag: hold them back until the end.
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const all = Buffer.concat([held, chunk]);
      held = all.subarray(Math.max(0, all.length - TAG));
      const body = all.subarray(0, Math.max(0, all.length - TAG));
      if (body.length > 0) this.push(decipher.update(body));
      done();
    },
    flush(done) {
      try {
        if (held.length !== TAG) throw new Error('too short');
        decipher.setAuthTag(held);
        this.push(decipher.final());
        done();
      } catch {
        done(new BackupError(`${file}: the encrypted content does not verify (the file was damaged or changed after it was written).`));
      }
    },
  });
}
