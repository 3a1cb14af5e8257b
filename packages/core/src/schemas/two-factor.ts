import { z } from 'zod';
import { MSG } from '../messages.ts';

// Admin two-factor sign-in (docs/decisions/077): a TOTP app's 6-digit code, or one of the ten
// single-use recovery codes shown at enrolment.

export { TWO_FACTOR_STEPS, type TwoFactorStep } from '../statuses.ts';

/** A recovery code: ten letters and digits from an unambiguous alphabet, shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/**
 * What the admin types: spaces and dashes are ignored and letters lower-cased, so `123 456` and
 * `ABCDE-FGHJK` work. Anything else is simply a wrong code (401), never a hint at the format.
 */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: MSG.twoFactorCodeRequired })
    .max(64, { error: MSG.twoFactorCodeInvalid })
    // Something besides spaces and dashes (which are ignored): said in the API description too.
    .regex(/[^\s-]/, { error: MSG.twoFactorCodeRequired })
    .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().min(1, { error: MSG.twoFactorCodeRequired })),
});
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** POST /api/auth/two-factor/enrolment: the secret to add to an authenticator app. */
export const twoFactorEnrolmentSchema = z.object({
  /** Base32, for typing in by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauth_uri: z.string(),
  /** The QR code as an SVG data URL, drawn on the server (no third party sees the secret). */
  qr_code: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** POST /api/auth/two-factor/enrolment/confirm: the full admin session and the recovery codes, shown once. */
export const twoFactorEnrolledSchema = z.object({
  access_token: z.string(),
  recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type TwoFactorEnrolled = z.infer<typeof twoFactorEnrolledSchema>;

/** POST /api/auth/two-factor/recovery-codes: ten new recovery codes, shown once (docs/decisions/151). */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET /api/auth/two-factor: whether the account has a second factor, must keep it (admins), and its recovery codes left. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean(), recovery_codes_left: z.number().int() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
