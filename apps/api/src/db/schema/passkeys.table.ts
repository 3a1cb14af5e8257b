import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Passkeys (WebAuthn discoverable credentials, docs/decisions/131-passkeys-and-secrets-at-rest.md):
 * the authenticator's credential id and public key, its signature counter and how it is reached.
 * Deleted with the account (and at erasure).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser sends it. */
    credential_id: text().notNull(),
    /** COSE public key. */
    public_key: bytea().notNull(),
    /** The signature counter, an unsigned 32-bit number (0 for authenticators that keep none). */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default(sql`'{}'::text[]`),
    name: text().notNull(),
    /**
     * Added by an admin in a sign-in that had passed a TOTP code: only such a passkey is an admin's
     * second factor (docs/decisions/151). Irrelevant for donors.
     */
    second_factor: boolean().notNull().default(false),
    created_at: timestamp({ withTimezone: true }).notNull(),
    last_used_at: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credential_id), index('passkeys_user_idx').on(t.user_id)],
);

/**
 * The challenges of passkey ceremonies: single use (deleted when answered) and short-lived, in
 * the database so that any instance may answer what another one asked.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial().primaryKey(),
    challenge: text().notNull(),
    purpose: text().notNull(),
    /** Whose registration it is; null for a sign-in (the passkey says whose it is). */
    user_id: integer().references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_key').on(t.challenge),
    index('passkey_challenges_expires_idx').on(t.expires_at),
    check('passkey_challenges_purpose_check', sql`${t.purpose} in ('register', 'authenticate')`),
  ],
);
