import { COUNTRY_CODES } from '@uplift/core/countries';
import { sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    first_name: text().notNull(),
    last_name: text().notNull(),
    email: text().notNull(),
    user_address: text().notNull().default(''),
    country: text({ enum: COUNTRY_CODES }).notNull(),
    password_hash: text().notNull(),
    role: text().notNull().default('user'),
    activated: boolean().notNull().default(false),
    activated_at: timestamp({ withTimezone: true }),
    // Consent is recorded with the moment it was given and the wording's version.
    terms_accepted_at: timestamp({ withTimezone: true }),
    terms_version: text(),
    opt_in_uplift_comms: boolean().notNull().default(false),
    opt_in_uplift_comms_at: timestamp({ withTimezone: true }),
    opt_in_charity_comms: boolean().notNull().default(false),
    opt_in_charity_comms_at: timestamp({ withTimezone: true }),
    stripe_customer_id: text(),
    /** Set when the donor erased their account: the row is then anonymised (docs/decisions/082). */
    erased_at: timestamp({ withTimezone: true }),
    // Admin two-factor sign-in (docs/decisions/077): the confirmed TOTP secret, one awaiting its
    // first code, and the last time step accepted (a code is never accepted twice).
    totp_secret: text(),
    totp_pending_secret: text(),
    totp_enrolled_at: timestamp({ withTimezone: true }),
    totp_last_step: integer(),
    /**
     * Raised whenever every session ends (password change or reset, erasure, a second factor
     * reset): access tokens carry the value they were issued under, and older ones are refused.
     */
    session_version: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_last_name_idx').on(sql`lower(${t.last_name})`, t.id),
    check('users_country_check', sql`${t.country} in ${sql.raw(sqlList(COUNTRY_CODES))}`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

/** Single-use activation, password-reset and continuation (docs/decisions/168) tokens, stored only as hashes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    token_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.token_hash),
    index('auth_tokens_user_idx').on(t.user_id, t.purpose),
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('activation', 'reset', 'continuation')`),
  ],
);

/** Refresh tokens: rotated on use; a family is revoked together when an old one is replayed. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid().notNull(),
    token_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    revoked_at: timestamp({ withTimezone: true }),
    /** The family's sign-in passed the second factor: only such a family gives an admin admin rights. */
    second_factor: boolean().notNull().default(false),
    /**
     * The sign-in passed a TOTP code (at its second step, or re-confirming with one): a passkey an
     * admin adds in it counts as a second factor (docs/decisions/151). Set on every token of the family.
     */
    totp_passed: boolean().notNull().default(false),
    /**
     * When the person last re-confirmed it was them (the password, or a TOTP code) in this sign-in:
     * changes to how the account signs in need it within the last few minutes (docs/decisions/151).
     * Set on every token of the family, so a refresh keeps it.
     */
    stepped_up_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
    index('refresh_tokens_user_idx').on(t.user_id),
  ],
);

/** An admin's single-use recovery codes (SHA-256 of each; the codes are shown once, at enrolment). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text().notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_hash_key').on(t.user_id, t.code_hash)],
);
