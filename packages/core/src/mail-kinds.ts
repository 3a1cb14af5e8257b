import { BRAND } from './brand.ts';

// Every mail Uplift sends, and which of them a donor can stop (docs/decisions/136-mail-kinds-and-unsubscribe.md,
// product-rules §20). A transactional mail is one the donor's own pledge, payment or account needs: it
// cannot be switched off, and /account says why. An optional mail, or an optional part of a mail
// (the progress part of a weekly receipt), is a preference: each carries a one-click unsubscribe link.

/** The kinds of mail the API records (`mails.kind`), each with the reason it cannot be switched off. */
export const TRANSACTIONAL_MAILS = {
  activation: { group: 'account', label: 'Activating your account', reason: 'You asked for it: without it you cannot sign in.' },
  'password-reset': { group: 'security', label: 'Password reset links', reason: 'Sent only when you (or someone with your address) ask for one; it is how you get back in.' },
  'pledge-confirmed': { group: 'receipt', label: 'Pledge confirmation', reason: 'It is the record of what you pledged and when each payment will be taken.' },
  'payment-receipt': { group: 'receipt', label: 'Weekly payment receipts', reason: 'A receipt is owed for every payment we take from your card.' },
  'payment-failed': { group: 'failure', label: 'A payment that did not go through', reason: 'It tells you a payment failed and what you can do; without it you would not know.' },
  'card-expiry': { group: 'card', label: 'A card that expires before a payment', reason: 'It warns you before a payment your saved card cannot cover.' },
  'pledge-cancelled': { group: 'account', label: 'Pledge cancelled', reason: 'It confirms a change to your payments.' },
  'pledge-skipped': { group: 'account', label: 'A week skipped or its skip undone', reason: 'It confirms a change to your payments and gives the new date.' },
  'payment-refund': { group: 'receipt', label: 'A refund of a payment', reason: 'It tells you what was given back, with the corrected receipt.' },
  'email-change': { group: 'security', label: 'Confirming a new email address', reason: 'Sent only when you ask to change your address.' },
  'email-changed': { group: 'security', label: 'Your email address was changed', reason: 'A security notice: it tells you if someone else changed your address.' },
  'security-notice': {
    group: 'security',
    label: 'A change to how you sign in',
    reason: 'A security notice: a passkey added or removed, a password changed or reset, two-factor sign-in turned on or off, recovery codes made or used. It tells you if it was not you.',
  },
  'account-erased': { group: 'account', label: 'Your account was deleted', reason: 'It confirms what was deleted and what was cancelled.' },
  // A service notice (docs/decisions/159): an admin hid your challenge page or team, or removed its
  // photo, its story or a message on it. Always sent: you need to know, and how to ask for a review.
  'moderation-notice': {
    group: 'account',
    label: 'An admin hid your challenge page, your team or part of it',
    reason: 'A service notice: it tells you what an admin hid from the public, why, and how to ask for a review.',
  },
} as const satisfies Record<string, { group: 'receipt' | 'failure' | 'card' | 'security' | 'account'; label: string; reason: string }>;

export type TransactionalMailKind = keyof typeof TRANSACTIONAL_MAILS;

/**
 * What a donor can stop. `defaultOn`: the state before any choice is recorded. Only mail about the
 * donor's own pledge (progress, milestones) starts on; anything promotional (news) needs an opt-in
 * that was never pre-ticked (NZ Unsolicited Electronic Messages Act 2007 s 11, UK PECR reg 22).
 * `whole`: the preference is a mail of its own (it then also carries List-Unsubscribe headers);
 * otherwise it is a part of a transactional mail (the receipt's progress).
 */
export const MAIL_PREFERENCE_KINDS = ['progress', 'milestones', 'uplift_news', 'charity_news', 'friends_gifts'] as const;
export type MailPreference = (typeof MAIL_PREFERENCE_KINDS)[number];

export const MAIL_PREFERENCES: Record<MailPreference, { label: string; stops: string; defaultOn: boolean; whole: boolean }> = {
  progress: {
    label: 'Progress in my weekly receipts',
    stops: 'the "your progress" part of each weekly receipt (week N of 4, what you have given up so far, the impact and the next date). The receipts themselves keep coming.',
    defaultOn: true,
    whole: false,
  },
  // Off until asked for: the mail invites the donor to share a badge, which promotes the campaign
  // (marketing under PECR as the ICO reads it), so it needs an opt-in like the news (docs/decisions/137).
  milestones: {
    label: 'Milestones (halfway and completed)',
    stops: 'the mails that tell you when your pledge is halfway and when it is complete.',
    defaultOn: false,
    whole: true,
  },
  uplift_news: {
    label: `News from ${BRAND.product}`,
    stops: `news and updates from ${BRAND.product} about its campaigns.`,
    defaultOn: false,
    whole: true,
  },
  charity_news: {
    label: 'News from my chosen charity',
    stops: 'updates sent on behalf of the charity you gave to.',
    defaultOn: false,
    whole: true,
  },
  friends_gifts: {
    label: "When a friend I shared with gives too",
    stops: 'notices that someone who followed your share link has pledged.',
    defaultOn: false,
    whole: true,
  },
};

export function isMailPreference(value: unknown): value is MailPreference {
  return typeof value === 'string' && (MAIL_PREFERENCE_KINDS as readonly string[]).includes(value);
}

/** The current state of a preference: the latest recorded choice, else its default. */
export function preferenceState(kind: MailPreference, latest: 'given' | 'withdrawn' | undefined): boolean {
  return latest === undefined ? MAIL_PREFERENCES[kind].defaultOn : latest === 'given';
}

/**
 * The mails a gift on a challenge page sends (docs/decisions/138). Neither goes to an account's
 * donor list above: `gift-receipt` goes to the friend who gave (no account; transactional: a receipt
 * is owed for every gift taken from a card); `gift-received` tells the page's owner "Sam gave $25"
 * and is optional: it stops with the page's "Email me when a friend gives" switch on /my-page
 * (challenge_pages.gift_mails), or at once with the mail's one-click link (UNSUBSCRIBE_KINDS, docs/decisions/157).
 */
export const GIFT_MAILS = {
  'gift-receipt': {
    to: 'friend',
    optional: false,
    label: 'A receipt for your gift',
    reason: 'A receipt is owed for every gift we take from a card.',
  },
  'gift-received': {
    to: 'participant',
    optional: true,
    label: 'Someone gave on my challenge page',
    reason: 'It stops with its one-click "Stop these emails" link, or the "Email me when a friend gives" switch on My page.',
  },
} as const satisfies Record<string, { to: 'friend' | 'participant'; optional: boolean; label: string; reason: string }>;

export type GiftMailKind = keyof typeof GIFT_MAILS;

/**
 * What a mailed one-click unsubscribe link can stop (docs/decisions/136, 157): one of a donor's mail
 * preferences, or 'gift-received', the "Sam gave $25" notices of their challenge pages (the
 * "Email me when a friend gives" switch on /my-page, challenge_pages.gift_mails).
 */
export const UNSUBSCRIBE_KINDS = [...MAIL_PREFERENCE_KINDS, 'gift-received'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

export function isUnsubscribeKind(value: unknown): value is UnsubscribeKind {
  return typeof value === 'string' && (UNSUBSCRIBE_KINDS as readonly string[]).includes(value);
}

/** What the unsubscribe page says a link stops: a preference's own words, or the page notices'. */
export const UNSUBSCRIBE_WORDS: Record<UnsubscribeKind, { label: string; stops: string }> = {
  ...MAIL_PREFERENCES,
  'gift-received': {
    label: 'Email me when a friend gives',
    stops: 'the emails that tell you a friend gave on your challenge page. Your page and its gifts carry on; you can switch these emails back on in My page.',
  },
};
