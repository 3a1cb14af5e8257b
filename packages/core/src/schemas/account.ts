import { z } from 'zod';
import { MAIL_PREFERENCE_KINDS, UNSUBSCRIBE_KINDS } from '../mail-kinds.ts';
import { MSG } from '../messages.ts';
import { addressField, emailSchema, nameField, newPasswordSchema, PASSWORD_MAX } from './auth.ts';
import { countryCodeSchema, dateSchema, idSchema, timestampSchema } from './common.ts';
import { passkeySchema } from './passkeys.ts';

// The donor's own account area, /account (decision 083): details, consents, receipts, data, erasure.

/** The terms, then every mail preference (core mail-kinds.ts, docs/decisions/136): each change is a consent event. */
export const CONSENT_KINDS = ['terms', 'uplift_news', 'charity_news', 'progress', 'milestones', 'friends_gifts'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** A password typed to prove it is the donor (never checked for strength: it already exists). */
export const currentPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired })
  .max(PASSWORD_MAX, { error: 'Password is incorrect' });

/** The web's "Confirm it is you" dialog before a change to how the account signs in (docs/decisions/151). */
export const stepUpPasswordFormSchema = z.object({ password: currentPasswordSchema });

/** PATCH /api/account/profile: name and address, corrected in place. */
export const profileUpdateSchema = z.object({
  first_name: nameField('First name', MSG.firstNameRequired, MSG.firstNameTooLong),
  last_name: nameField('Last name', MSG.lastNameRequired, MSG.lastNameTooLong),
  user_address: addressField,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** POST /api/account/email: mails a link to the new address; nothing changes until it is used. */
export const emailChangeRequestSchema = z.object({ new_email: emailSchema, password: currentPasswordSchema });
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** POST /api/account/email/confirm: the token from the link. */
export const emailChangeConfirmSchema = z.object({
  token: z.string({ error: MSG.tokenRequired }).trim().min(1, { error: MSG.tokenRequired }).max(512, { error: MSG.invalidToken }),
});

/** POST /api/account/password: the current password, then the new one (other sessions end). */
export const passwordChangeSchema = z.object({ current_password: currentPasswordSchema, new_password: newPasswordSchema });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** PUT /api/account/consents: the two opt-ins (the terms are the condition of a pledge). */
export const consentsUpdateSchema = z.object({
  opt_in_uplift_comms: z.boolean({ error: MSG.optInInvalid }),
  opt_in_charity_comms: z.boolean({ error: MSG.optInInvalid }),
});
export type ConsentsUpdate = z.infer<typeof consentsUpdateSchema>;

/** PUT /api/account/mail-preferences/:kind: which optional mail (core mail-kinds.ts). */
export const mailPreferenceParamSchema = z.object({
  kind: z.enum(MAIL_PREFERENCE_KINDS, { error: 'kind: not a mail that can be switched off (receipts, payment and security mails always go)' }),
});

/** PUT /api/account/mail-preferences/:kind: on or off. */
export const mailPreferenceUpdateSchema = z.object({ given: z.boolean({ error: 'given: must be true (send it) or false (stop it)' }) });
export type MailPreferenceUpdate = z.infer<typeof mailPreferenceUpdateSchema>;

/** GET and POST /api/unsubscribe: the token of a mailed unsubscribe link (docs/decisions/136). */
export const unsubscribeTokenSchema = z.object({
  token: z
    .string({ error: 'token: the unsubscribe link has no token; open the link from the email as it is' })
    .trim()
    .min(1, { error: 'token: the unsubscribe link has no token; open the link from the email as it is' })
    .max(512, { error: 'token: this unsubscribe link is not valid' }),
});

/** What an unsubscribe link stops, and whether it is stopped already. */
export const unsubscribeInfoSchema = z
  .object({
    kind: z.enum(UNSUBSCRIBE_KINDS),
    label: z.string(),
    stops: z.string(),
    /** True once stopped (after the POST, or when it was off already). */
    stopped: z.boolean(),
  })
  .meta({ id: 'UnsubscribeInfo' });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

/** POST /api/account/erase: the password, to be sure it is the donor. */
export const eraseRequestSchema = z.object({ password: currentPasswordSchema });

export const consentStateSchema = z.object({
  consent: z.enum(CONSENT_KINDS),
  given: z.boolean(),
  /** When it was last given or withdrawn; null if never recorded. */
  changed_at: timestampSchema.nullable(),
  wording_version: z.string().nullable(),
});

export const consentEventSchema = z.object({
  consent: z.enum(CONSENT_KINDS),
  given: z.enum(['given', 'withdrawn']),
  wording_version: z.string(),
  source: z.string(),
  created_at: timestampSchema,
});

export const receiptPaymentSchema = z.object({
  receipt_number: z.string(),
  processing_date: dateSchema,
  /** Minor units. */
  amount_minor: z.number().int(),
});

/** A pledge as the account page lists it, with the receipt numbers issued for it. */
export const accountPledgeSchema = z.object({
  id: idSchema,
  campaign_name: z.string(),
  country: countryCodeSchema,
  recipient_name: z.string(),
  pledge_status: z.string(),
  receipts: z.array(receiptPaymentSchema),
});

/** GET /api/account: everything the account page shows. */
export const accountSchema = z
  .object({
    id: idSchema,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    user_address: z.string(),
    country: countryCodeSchema,
    consents: z.array(consentStateSchema),
    pending_email: z.string().nullable(),
    pledges: z.array(accountPledgeSchema),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const pdfFileSchema = z.string().describe('A PDF file (application/pdf)');
export const calendarFileSchema = z.string().describe('An iCalendar file (text/calendar, RFC 5545)');
export const csvFileSchema = z.string().describe('A CSV file (text/csv; charset=utf-8)');

/** GET /api/account/export: the donor's data (docs/account-data-export.md describes each field). */
export const dataExportSchema = z
  .object({
    exported_at: timestampSchema,
    profile: z.record(z.string(), z.unknown()),
    consent_events: z.array(consentEventSchema),
    pledges: z.array(z.record(z.string(), z.unknown())),
    payments: z.array(z.record(z.string(), z.unknown())),
    saved_cards: z.array(z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() })),
    mails: z.array(z.object({ subject: z.string(), created_at: timestampSchema })),
    /** The account's passkeys: names and dates, never the keys. */
    passkeys: z.array(passkeySchema),
    /** The donor's challenge pages and their teams (docs/decisions/142): what they wrote, never gifts' donors. */
    challenge_pages: z.array(z.record(z.string(), z.unknown())),
    /**
     * Gifts on challenge pages (docs/decisions/138): those made with the account's email, and the
     * succeeded ones received on its pages (a hidden name or amount stays hidden; never a friend's email).
     */
    gifts: z.object({ made: z.array(z.record(z.string(), z.unknown())), received: z.array(z.record(z.string(), z.unknown())) }),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;
