import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT } from '@uplift/core/schemas/two-factor';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

// RFC 6238 codes as every authenticator app makes them: SHA-1, 6 digits, 30 seconds
// (docs/decisions/077). The app clock gives the time, so tests choose the moment.

const ISSUER = 'Uplift';
const PERIOD_SECONDS = 30;
/**
 * The current step and the one before (a code typed as it changed), never the next: a code is
 * good for 30 to 60 seconds, not about 90 (docs/decisions/123).
 */
const WINDOW = 1;

const totpFor = (secret: string, account: string) =>
  new TOTP({ issuer: ISSUER, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret, base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUri = (secret: string, account: string): string => totpFor(secret, account).toString();

/** The QR code of an otpauth URI as an SVG data URL, drawn here so the secret never leaves the server. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The code an authenticator shows at `at` (tests and the e2e helper use it as the phone would). */
export const totpCode = (secret: string, at: Date): string => totpFor(secret, '').generate({ timestamp: at.getTime() });

/**
 * The time step a 6-digit code is valid for at `at`, or undefined. The caller stores the step and
 * refuses any code of that step or earlier, so an overheard code cannot be used again.
 */
export function totpStep(secret: string, code: string, at: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = totpFor(secret, '');
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  // validate() looks both ways; a code from the next step (delta 1) is refused.
  return delta === null || delta > 0 ? undefined : totp.counter({ timestamp: at.getTime() }) + delta;
}

/** Ten single-use recovery codes, `xxxxx-xxxxx` from an alphabet without look-alikes (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const pick = () => Array.from({ length: 5 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${pick()}-${pick()}`);
}

// What the database keeps of a recovery code: a salted scrypt hash (secrets.ts).
