import { MIN_PLEDGE_MINOR } from './calculator.ts';
import type { CountryCode } from './countries.ts';
import { formatMoney, type Minor } from './money.ts';

// A friend's one-off card gift on a challenge page (docs/decisions/138-challenge-pages-and-gifts.md):
// its bounds, limits and words. No zod here, so the gift form loads them without the schemas
// (schemas/gifts.ts holds the request and response schemas).

/** The words of a control-character refusal (as schemas/common.ts words it, without its zod). */
const controlCharactersMessage = (field: string) => `${field} cannot contain control characters (such as line breaks, tabs or NUL)`;

/** The least a friend can give: the country's pledge minimum (10 in local currency). */
export const GIFT_MIN_MINOR = MIN_PLEDGE_MINOR;
/** The most one gift can be: 10,000 in local currency. */
export const GIFT_MAX_MINOR = 1_000_000 as Minor;
export const GIFT_MESSAGE_MAX = 140;
export const GIFT_NAME_MAX = 60;
/** Amounts the form suggests, in minor units (the friend can type any other). */
export const GIFT_SUGGESTED_MINOR = [1000, 2500, 5000, 10000] as const;

export const GIFT_STATUS_VALUES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export type GiftState = (typeof GIFT_STATUS_VALUES)[number];

/**
 * Card testing (docs/decisions/138): at most this many new gifts are tried per IP address an hour,
 * per page an hour and per email address a day; counted in PostgreSQL so every instance agrees.
 */
export const GIFT_LIMITS = { perIpPerHour: 20, perPagePerHour: 60, perEmailPerDay: 10 } as const;

export const GIFT_MESSAGES = {
  clientKeyInvalid: 'client_key must be a UUID made by the form',
  amountInvalid: 'amount must be a whole number of cents (pence)',
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${GIFT_NAME_MAX} characters long`,
  nameControl: controlCharactersMessage('name'),
  messageTooLong: `message must be at most ${GIFT_MESSAGE_MAX} characters long`,
  messageControl: controlCharactersMessage('message'),
  flagInvalid: (field: string) => `${field} must be true or false`,
  taxReceiptNotNz: 'tax_receipt: a donation tax credit receipt is for New Zealand gifts only',
  clientSecretRequired: 'client_secret is required',
  tooMany: 'Too many gifts have been tried from here just now. Please wait an hour and try again, or write to us and we will help.',
} as const;

/** 'amount must be at least $10.00' / 'at most £10,000.00', or null when the amount can be given in that country. */
export function giftAmountError(amount: number, country: CountryCode): string | null {
  if (!Number.isSafeInteger(amount)) return GIFT_MESSAGES.amountInvalid;
  if (amount < GIFT_MIN_MINOR) return `amount must be at least ${formatMoney(GIFT_MIN_MINOR, country)}`;
  if (amount > GIFT_MAX_MINOR) return `amount must be at most ${formatMoney(GIFT_MAX_MINOR, country)}`;
  return null;
}

