import { BRAND } from '@uplift/core/brand';
import { formatLongDate, type IsoDate } from '@uplift/core/calendar';
import { COUNTRIES, greet, type CountryCode } from '@uplift/core/countries';
import { notEligibleForGiftAid } from '@uplift/core/gift-aid';
import { formatMoney, type Minor } from '@uplift/core/money';
import type { MailContent, UnsubscribeLinks } from '../mail/index.ts';

// The two mails of a gift that went through (docs/decisions/138; kinds in core GIFT_MAILS): the
// friend's receipt, and the page owner's notice "Sam gave $25". Both countries: NZ speaks $ and
// Auckland's date, the UK £ and London's.

export type GiftReceiptFacts = {
  country: CountryCode;
  friendName: string;
  amount: Minor;
  charity: string;
  campaignName: string;
  /** The page's display name ("Aroha P."). */
  pageName: string;
  receiptNumber: string;
  /** The day the gift went through, in the campaign's country. */
  date: IsoDate;
  /** NZ, asked for: the donation tax credit receipt in the friend's name is attached. */
  taxReceipt: boolean;
};

export function giftReceiptMail(facts: GiftReceiptFacts): MailContent {
  const money = formatMoney(facts.amount, facts.country);
  const { currency } = COUNTRIES[facts.country];
  return {
    subject: `Receipt: your ${money} gift to ${facts.charity}`,
    greeting: `${greet(facts.country, facts.friendName)},`,
    paragraphs: [
      `Thank you! Your gift of ${money} on ${facts.pageName}'s challenge page has gone through. It goes to ${facts.charity} through the ${facts.campaignName}.`,
      facts.taxReceipt
        ? 'Your donation tax credit receipt, in your name, is attached: you can use it to claim a donation tax credit from Inland Revenue.'
        : 'Please keep this email as your receipt.',
      ...(facts.country === 'UK' ? [notEligibleForGiftAid(BRAND.operator, 'this gift')] : []),
    ],
    rows: [
      ['Amount', `${money} ${currency}`],
      ['Date', formatLongDate(facts.date)],
      ['Charity', facts.charity],
      ['Given on', `${facts.pageName}'s challenge page`],
      ['Receipt number', facts.receiptNumber],
    ],
  };
}

export type GiftReceivedFacts = {
  country: CountryCode;
  ownerFirstName: string;
  /** The friend's name, or null when they chose to hide it ("Someone"). */
  friendName: string | null;
  /** Null when the friend chose to hide the amount. */
  amount: Minor | null;
  /** The friend's message ('' for none, or when an admin hid it). */
  message: string;
  pageUrl: string;
  /**
   * The owner's one-click links that switch "Email me when a friend gives" off without signing in
   * (docs/decisions/157): the page's, and the RFC 8058 target of List-Unsubscribe.
   */
  unsubscribe: UnsubscribeLinks;
};

/**
 * "Sam gave $25": the friend's name or "Someone", the amount unless hidden, never the friend's email.
 * Optional as a whole, so it carries a one-click unsubscribe link and List-Unsubscribe (product-rules §20).
 */
export function giftReceivedMail(facts: GiftReceivedFacts): MailContent {
  const who = facts.friendName ?? 'Someone';
  const gave = facts.amount === null ? `${who} gave` : `${who} gave ${formatMoney(facts.amount, facts.country)}`;
  return {
    subject: `${gave} on your challenge page`,
    greeting: `${greet(facts.country, facts.ownerFirstName)},`,
    paragraphs: [
      `${gave} on your challenge page. It is already counted in what your page has raised.`,
      ...(facts.message ? [`Their message: "${facts.message}"`] : []),
    ],
    action: { label: 'See my page', url: facts.pageUrl },
    unsubscribe: { label: 'Stop these emails', url: facts.unsubscribe.page },
    listUnsubscribe: facts.unsubscribe.oneClick,
  };
}

export type GiftRefundFacts = {
  country: CountryCode;
  friendName: string;
  /** This refund. */
  refund: Minor;
  /** What the gift charged. */
  giftAmount: Minor;
  /** Refunded of the gift so far, this refund included. */
  refundedSoFar: Minor;
  charity: string;
  pageName: string;
  /** The gift's receipt number with its revision mark ('NZ-2026-000124-R1'). */
  receiptNumber: string;
  /** The day the gift went through, and the day of this refund, in the campaign's country. */
  givenOn: IsoDate;
  refundedOn: IsoDate;
  /** NZ, asked for: the corrected donation tax credit receipt (for the net amount) is attached. */
  taxReceipt: boolean;
};

/**
 * "Your refund of $x" to the friend (docs/decisions/150, as a payment's refund mail says it): what
 * went back, what stands as their gift, and the corrected receipt for that net amount.
 */
export function giftRefundMail(facts: GiftRefundFacts): MailContent {
  const money = (minor: Minor) => formatMoney(minor, facts.country);
  const { currency } = COUNTRIES[facts.country];
  const net = (facts.giftAmount - facts.refundedSoFar) as Minor;
  const full = net <= 0;
  return {
    subject: `Your refund of ${money(facts.refund)}`,
    greeting: `${greet(facts.country, facts.friendName)},`,
    paragraphs: [
      `We have refunded ${money(facts.refund)} of your ${money(facts.giftAmount)} gift to ${facts.charity} of ${formatLongDate(facts.givenOn)} on ${facts.pageName}'s challenge page, to the card it was taken from. Your bank usually shows it within 5 to 10 working days.`,
      full ? 'That gift is now refunded in full.' : `In all, ${money(facts.refundedSoFar)} of that gift has been refunded; ${money(net)} stands as your gift.`,
      facts.taxReceipt
        ? `Your corrected donation tax credit receipt, for ${money(full ? (0 as Minor) : net)}, is attached: it keeps the receipt number ${facts.receiptNumber}, with a revision mark, and replaces the one we sent before. Questions? Reply to this email or write to ${BRAND.contactEmail}.`
        : `This email is your corrected receipt, for ${money(full ? (0 as Minor) : net)}: it keeps the receipt number ${facts.receiptNumber}, with a revision mark, and replaces the one we sent before. Questions? Reply to this email or write to ${BRAND.contactEmail}.`,
    ],
    rows: [
      ['Refund', `${money(facts.refund)} ${currency}`],
      ['Date', formatLongDate(facts.refundedOn)],
      ['Gift', `${money(facts.giftAmount)} of ${formatLongDate(facts.givenOn)}`],
      ['Your gift now', `${money(full ? (0 as Minor) : net)} ${currency}`],
      ['Charity', facts.charity],
      ['Receipt number', facts.receiptNumber],
    ],
  };
}
