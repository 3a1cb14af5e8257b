import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing (scrypt N=2^17, r=8, p=1)', () => {
  it('stores the parameters, a random salt and the key; never the password', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')]);
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b); // salted
    expect(a).not.toContain('correct');
  });

  it('verifies the right password only, exactly as typed (spaces and case count)', async () => {
    const hash = await hashPassword('  Tēnā koe, a long passphrase  ');
    expect(await verifyPassword('  Tēnā koe, a long passphrase  ', hash)).toBe(true);
    expect(await verifyPassword('Tēnā koe, a long passphrase', hash)).toBe(false);
    expect(await verifyPassword('  tēnā koe, a long passphrase  ', hash)).toBe(false);
  });

  it('treats composed and decomposed accents as the same character (phones and laptops type them differently)', async () => {
    const hash = await hashPassword('caf\u00e9 at the beach');
    expect(await verifyPassword('cafe\u0301 at the beach', hash)).toBe(true);
  });

  it('accepts a 1024-character passphrase', async () => {
    const long = 'x'.repeat(1024);
    expect(await verifyPassword(long, await hashPassword(long))).toBe(true);
  });

  it('refuses, after spending the same work, when there is no usable hash', async () => {
    for (const stored of [undefined, '', '!', 'scrypt$30$8$1$abc$def', 'bcrypt$whatever']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});
