import { MIN_PLEDGE_MINOR } from './calculator.ts';
import type { CountryCode } from './countries.ts';
import { formatMoney, type Minor } from './money.ts';
import { unsafeTextMessage } from './safe-text.ts';

// A friend's one-off card gift on a challenge page (docs/decisions/138-challenge-pages-and-gifts.md):
// its bounds, limits and words. No zod here (schemas/gifts.ts holds the request, form and response
// schemas, built on these).


/**
 * The bounds of one gift, in minor units of the page's currency (product-rules §21: at least 10 and
 * at most 10,000). Defined here only: the request schema (so the route and the OpenAPI description),
 * the gift form's schema and the rules' words all take them from here (docs/decisions/148).
 */
export const GIFT_MIN_MINOR = MIN_PLEDGE_MINOR;
export const GIFT_MAX_MINOR = 1_000_000 as Minor;
export const GIFT_MESSAGE_MAX = 140;
export const GIFT_NAME_MAX = 60;
/** Amounts the form suggests, in minor units (the friend can type any other). */
export const GIFT_SUGGESTED_MINOR = [1000, 2500, 5000, 10000] as const;

export const GIFT_STATUS_VALUES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export type GiftState = (typeof GIFT_STATUS_VALUES)[number];

/**
 * Card testing (docs/decisions/138, 155), counted in PostgreSQL so every instance agrees:
 * - sendsPerIpPerHour: gift forms sent from one IP address an hour, a resent form (same client_key)
 *   included (each send is a call to the provider);
 * - confirmsPerIpPerHour: confirmations asked from one IP address an hour (each is a call too);
 * - perEmailPerDay: new gifts from one email address a day;
 * - declinesPerPagePerHour: declined card attempts on one page an hour (unpaid forms do not count,
 *   so nobody can close a page to real friends by sending forms and not paying);
 * - declinesPerCardPerDay: declines of one card (its fingerprint) a day; past it, that card's next
 *   gift is refused and its charge cancelled.
 * Each gift takes one card attempt: its charge is cancelled on its first decline.
 * The alarm: at least alarmDeclines declines that are at least alarmDeclineShare of the gifts tried
 * in alarmMinutes mail the admins (the system alert `gift-declines`).
 */
export const GIFT_LIMITS = {
  sendsPerIpPerHour: 20,
  confirmsPerIpPerHour: 40,
  perEmailPerDay: 10,
  declinesPerPagePerHour: 10,
  declinesPerCardPerDay: 3,
  alarmDeclines: 20,
  alarmDeclineShare: 0.5,
  alarmMinutes: 15,
} as const;

/**
 * The decline alarm (docs/decisions/155): card testing shows as many declines that are a large share
 * of the gifts tried in a short time. Null when all is well, else the words of the admins' alert.
 */
export function giftDeclineAlarm(facts: { tried: number; declined: number }): string | null {
  const { alarmDeclines, alarmDeclineShare, alarmMinutes } = GIFT_LIMITS;
  if (facts.declined < alarmDeclines || facts.declined < alarmDeclineShare * facts.tried) return null;
  return `${facts.declined} gift card attempts were declined in the last ${alarmMinutes} minutes, of ${facts.tried} gifts tried: someone may be testing stolen cards through the gift form. The gift limits hold them back; look at the gift_refused security events and at Stripe's dashboard (Radar).`;
}

/** A bound as the request's words say it, without a symbol (the request does not know the page's currency): '10,000.00'. */
const boundText = (minor: Minor) => (minor / 100).toLocaleString('en', { minimumFractionDigits: 2 });

export const GIFT_MESSAGES = {
  clientKeyInvalid: 'client_key must be a UUID made by the form',
  amountInvalid: 'amount must be a whole number of cents (pence)',
  amountTooSmall: `amount must be at least ${boundText(GIFT_MIN_MINOR)} in the page's currency`,
  amountTooLarge: `amount must be at most ${boundText(GIFT_MAX_MINOR)} in the page's currency`,
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${GIFT_NAME_MAX} characters long`,
  nameControl: unsafeTextMessage('name', 'line'),
  messageTooLong: `message must be at most ${GIFT_MESSAGE_MAX} characters long`,
  messageControl: unsafeTextMessage('message', 'message'),
  flagInvalid: (field: string) => `${field} must be true or false`,
  taxReceiptNotNz: 'tax_receipt: a donation tax credit receipt is for New Zealand gifts only',
  clientSecretRequired: 'client_secret is required',
  declinedBefore: 'This card was declined. Start again with another card.',
  tooMany: 'Too many gifts have been tried from here just now. Please wait an hour and try again, or write to us and we will help.',
} as const;

/**
 * The gift form's words (the form knows the page's country, so its bounds are in the page's money:
 * 'The amount must be at least £10.00').
 */
export function giftFormMessages(country: CountryCode) {
  return {
    amountRequired: 'Enter an amount, such as 25 or 25.50',
    amountTooSmall: `The amount must be at least ${formatMoney(GIFT_MIN_MINOR, country)}`,
    amountTooLarge: `The amount must be at most ${formatMoney(GIFT_MAX_MINOR, country)}`,
    nameRequired: 'Please enter your name',
    emailInvalid: 'Please enter your email address, for your receipt',
    messageTooLong: `Your message can be at most ${GIFT_MESSAGE_MAX} characters`,
  } as const;
}
