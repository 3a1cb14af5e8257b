import { z } from 'zod';
import { safeText, timestampSchema } from './common.ts';

// Passkeys (docs/decisions/131-passkeys-and-secrets-at-rest.md, product-rules §17): WebAuthn
// discoverable credentials a donor or admin adds in the account area and signs in with.

export const PASSKEY_NAME_MAX = 60;
/** At most this many passkeys per account. */
export const PASSKEYS_MAX = 10;

const b64url = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(16_384, { error: `${field} is too long` })
    .regex(/^[A-Za-z0-9_-]*$/, { error: `${field} must be base64url` });

/** The browser's PublicKeyCredential of a registration, as @simplewebauthn/browser sends it. */
export const passkeyRegistrationResponseSchema = z.object({
  id: b64url('response.id').min(1, { error: 'response.id is required' }),
  rawId: b64url('response.rawId'),
  type: z.literal('public-key', { error: 'response.type must be "public-key"' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z.object(
    {
      clientDataJSON: b64url('response.response.clientDataJSON'),
      attestationObject: b64url('response.response.attestationObject'),
      authenticatorData: b64url('response.response.authenticatorData').optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url('response.response.publicKey').optional(),
    },
    { error: 'response.response is required' },
  ),
});

/** The browser's PublicKeyCredential of a sign-in. */
export const passkeyAuthenticationResponseSchema = z.object({
  id: b64url('response.id').min(1, { error: 'response.id is required' }),
  rawId: b64url('response.rawId'),
  type: z.literal('public-key', { error: 'response.type must be "public-key"' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z.object(
    {
      clientDataJSON: b64url('response.response.clientDataJSON'),
      authenticatorData: b64url('response.response.authenticatorData'),
      signature: b64url('response.response.signature'),
      userHandle: b64url('response.response.userHandle').optional(),
    },
    { error: 'response.response is required' },
  ),
});

export const passkeyNameSchema = safeText("The passkey's name", 'line', 'Please give the passkey a name', (name) =>
  name.trim().min(1, { error: 'Please give the passkey a name' }).max(PASSKEY_NAME_MAX, { error: `The passkey's name must be at most ${PASSKEY_NAME_MAX} characters` }),
);

/** POST /api/auth/passkeys/registration/verify */
export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, response: passkeyRegistrationResponseSchema });
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationSchema>;

/** POST /api/auth/passkeys/authentication/verify */
export const passkeyAuthenticationSchema = z.object({ response: passkeyAuthenticationResponseSchema });
export type PasskeyAuthenticationInput = z.input<typeof passkeyAuthenticationSchema>;

/** The options the browser passes to navigator.credentials (create or get), as JSON. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** One passkey in the account area and in the data export. */
export const passkeySchema = z
  .object({ id: z.number().int(), name: z.string(), created_at: timestampSchema, last_used_at: timestampSchema.nullable() })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyIdParamsSchema = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int({ error: 'id must be a whole number' }).positive({ error: 'id must be positive' }) });
