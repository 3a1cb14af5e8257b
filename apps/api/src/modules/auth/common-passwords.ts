import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (zxcvbn-ts's list of leaked passwords, shipped in the package: no
 * network at run time), compared without case. Only those of 8 or more characters matter: shorter
 * ones are refused anyway. Built on first use (about 18,000 entries).
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= 8).map((p) => p.toLowerCase()));
  return common.has(password.normalize('NFC').toLowerCase());
}
