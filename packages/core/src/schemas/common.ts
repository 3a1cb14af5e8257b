import { z } from 'zod';
import { isIsoDate } from '../calendar.ts';
import { COUNTRY_CODES, COUNTRY_MESSAGE } from '../countries.ts';
import { MSG } from '../messages.ts';
import { toMinor } from '../money.ts';
import { isSafeText, normaliseLineBreaks, type TextKind, unsafeTextMessage } from '../safe-text.ts';

/** Largest decimal amount accepted (10 million): keeps minor units within the database's int4. */
export const MAX_AMOUNT = 10_000_000;

/** Ids are PostgreSQL `integer` columns: anything larger can name no row. */
export const MAX_ID = 2_147_483_647;

/** A whole number from 1 to MAX_ID (one check, so a bad id gets one message). */
export function isId(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID;
}

/** Route param `:id`: a positive whole number given as text. */
export const idParamSchema = z.object({
  id: z.coerce.number({ error: MSG.idInvalid }).refine(isId, { error: MSG.idInvalid }),
});

/**
 * 'NZ' or 'UK'. Lives here rather than in countries.ts so that code needing only the country
 * table (the landing page's first load) does not pull zod into its bundle.
 */
export const countryCodeSchema = z.enum(COUNTRY_CODES, { error: COUNTRY_MESSAGE });

/** Route param `:country`: exactly 'NZ' or 'UK'. */
export const countryParamSchema = z.object({ country: countryCodeSchema });

/** A calendar date field (YYYY-MM-DD, a real date), with the message naming the field. */
export function isoDateField(message: string = MSG.dateInvalid) {
  return z.string({ error: message }).refine(isIsoDate, { error: message });
}

export const isoDateSchema = isoDateField();

// Response fields. Answers are checked against these before they are sent, so they describe
// exactly what the API writes: calendar dates as 'YYYY-MM-DD', instants as ISO 8601 in UTC.

/** A database id in an answer. */
export const idSchema = z.number().int().min(1);

/** A calendar date in an answer ('YYYY-MM-DD'). */
export const dateSchema = z.iso.date();

/** An instant in an answer: `Date#toISOString()` ('2026-11-23T04:05:06.000Z'). */
export const timestampSchema = z.iso.datetime();

/** True when a number has at most two decimal places (so it is an exact amount of cents). */
export function hasAtMostTwoDecimals(n: number): boolean {
  try {
    toMinor(n);
    return true;
  } catch {
    return false;
  }
}

/** A decimal amount as the API speaks it: finite, 0 or more, at most two decimal places. */
// (The decimals check skips out-of-range values so each bad amount gets one message.)
export const decimalAmountSchema = z
  .number({ error: MSG.amountInvalid })
  .min(0, { error: MSG.amountNegative })
  .max(MAX_AMOUNT, { error: MSG.amountTooLarge })
  .refine((n) => n < 0 || n > MAX_AMOUNT || hasAtMostTwoDecimals(n), { error: MSG.amountInvalid });

/** A database id in a request body. */
export function positiveIdField(message: string = MSG.idInvalid) {
  return z.number({ error: message }).refine(isId, { error: message });
}

/**
 * A field a person types, under the one safe-text rule (core safe-text.ts, docs/decisions/152):
 * `checks` adds the field's own (trim, length…); multi-line `text` reads CRLF as '\n' before
 * them; last, anything the kind refuses is refused with "<field> can't contain invisible or
 * control characters".
 */
export function safeText(field: string, kind: TextKind, error: string, checks: (text: z.ZodString) => z.ZodString = (text) => text): z.ZodString {
  const start = z.string({ error });
  return checks(kind === 'text' ? start.overwrite(normaliseLineBreaks) : start).refine((text) => isSafeText(text, kind), { error: unsafeTextMessage(field, kind) });
}
