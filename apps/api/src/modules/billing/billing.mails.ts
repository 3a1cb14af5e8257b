import { BRAND } from '@uplift/core/brand';
import { formatLongDate, type IsoDate } from '@uplift/core/calendar';
import { COUNTRIES, greet, type CountryCode } from '@uplift/core/countries';
import { MILESTONES, type Milestone } from '@uplift/core/milestones';
import { formatMoney, type Minor } from '@uplift/core/money';
import type { PaymentAction } from '@uplift/core/payment-failures';
import type { MailContent } from '../mail/index.ts';

// The two mails a weekly payment sends (product-rules §17): a receipt for each
// Success and a notice for each Failed one, saying what happened and what the donor can do; and
// the warning billing sends before a payment the saved card cannot cover.

export type PaymentMailFacts = {
  firstName: string;
  country: CountryCode;
  charity: string;
  /** What was charged: the weekly gift and, when the donor covers the card fee, its extra. */
  amount: Minor;
  /** The part of `amount` that covers the card fee (docs/decisions/135); 0 or absent: none. */
  feeCover?: Minor;
  processingDate: IsoDate;
  paymentNumber: number;
  paymentCount: number;
  pledgeTotal: Minor;
  summaryUrl: string;
};

export function greeting(firstName: string, country: CountryCode): string {
  return `${greet(country, firstName)},`;
}

/**
 * The receipt's optional progress part (docs/decisions/137): its title and lines, and the link that
 * stops it. A donor who switched it off gets the plain receipt.
 */
export type ReceiptProgress = { title: string; lines: string[]; unsubscribeUrl: string };

export function receiptMail(facts: PaymentMailFacts & { paidSoFar: Minor; receiptNumber: string | null; reference: string; progress?: ReceiptProgress }): MailContent {
  const money = (minor: Minor) => formatMoney(minor, facts.country);
  const { currency } = COUNTRIES[facts.country];
  const progress = facts.progress;
  return {
    subject: `Receipt: your ${money(facts.amount)} payment to ${facts.charity}`,
    greeting: greeting(facts.firstName, facts.country),
    paragraphs: [
      `Thank you! Your weekly payment of ${money(facts.amount)} to ${facts.charity} has gone through.`,
      `So far you have given ${money(facts.paidSoFar)} of your ${money(facts.pledgeTotal)} pledge.`,
      ...(progress ? [`${progress.title}.`, ...progress.lines] : []),
    ],
    rows: [
      ['Amount', `${money(facts.amount)} ${currency}`],
      // The fee cover is part of the gift, on its own line (docs/decisions/135).
      ...(facts.feeCover
        ? ([
            ['Your weekly gift', money((facts.amount - facts.feeCover) as Minor)],
            ['Card fee cover (part of your gift)', money(facts.feeCover)],
          ] as [string, string][])
        : []),
      ['Date', formatLongDate(facts.processingDate)],
      ['Charity', facts.charity],
      ['Payment', `${facts.paymentNumber} of ${facts.paymentCount}`],
      ['Given so far', `${money(facts.paidSoFar)} of ${money(facts.pledgeTotal)}`],
      // The ledger's number for this payment, as the PDF receipt and the admin's refund search name it (product-rules §19).
      ...(facts.receiptNumber ? ([['Receipt number', facts.receiptNumber]] as [string, string][]) : []),
      ['Reference', facts.reference],
    ],
    action: { label: 'View my pledge', url: facts.summaryUrl },
    // The receipt itself is transactional: only its progress part can be stopped, so no List-Unsubscribe header.
    ...(progress ? { unsubscribe: { label: 'Stop the progress part of these receipts (the receipts keep coming)', url: progress.unsubscribeUrl } } : {}),
  };
}

export type MilestoneMailFacts = {
  firstName: string;
  country: CountryCode;
  charity: string;
  milestone: Milestone;
  paidCount: number;
  paymentCount: number;
  paidSoFar: Minor;
  pledgeTotal: Minor;
  /** The donor's summary, where the badge is. */
  summaryUrl: string;
  /** The landing page with the badge on its preview card. */
  shareUrl: string;
  unsubscribe: { page: string; oneClick: string };
};

/**
 * Halfway and completed (docs/decisions/137): an optional mail of its own (preference `milestones`),
 * so it carries the unsubscribe link and the one-click headers. Factual, no ask.
 */
export function milestoneMail(facts: MilestoneMailFacts): MailContent {
  const money = (minor: Minor) => formatMoney(minor, facts.country, { code: true });
  const completed = facts.milestone === 'completed';
  return {
    subject: completed ? `${MILESTONES.completed.badge}: ${money(facts.paidSoFar)} to ${facts.charity}` : `${MILESTONES.halfway.badge}: ${facts.paidCount} of ${facts.paymentCount} payments to ${facts.charity}`,
    greeting: greeting(facts.firstName, facts.country),
    paragraphs: completed
      ? [
          `Your last payment has gone through: all ${facts.paymentCount} are in, ${money(facts.paidSoFar)} to ${facts.charity}.`,
          `Your pledge summary now shows the badge "${MILESTONES.completed.badge}". If you would like to, you can share it: ${facts.shareUrl}`,
        ]
      : [
          `${facts.paidCount} of your ${facts.paymentCount} weekly payments have gone through: ${money(facts.paidSoFar)} of ${money(facts.pledgeTotal)} to ${facts.charity}.`,
          `Your pledge summary now shows the badge "${MILESTONES.halfway.badge}". If you would like to, you can share it: ${facts.shareUrl}`,
        ],
    action: { label: 'View my pledge', url: facts.summaryUrl },
    unsubscribe: { label: 'Stop milestone emails', url: facts.unsubscribe.page },
    listUnsubscribe: facts.unsubscribe.oneClick,
  };
}

export function paymentFailedMail(
  facts: PaymentMailFacts & { reason: string; action: PaymentAction; retryDate: IsoDate | null; actionUrl: string },
): MailContent {
  const money = (minor: Minor) => formatMoney(minor, facts.country);
  const authenticate = facts.action === 'authenticate';
  const whatToDo = authenticate
    ? 'Your bank wants to confirm it is really you before this payment goes through. Use the button below: after signing in you can confirm it with your bank in a moment.'
    : facts.action === 'new_card'
      ? 'This card cannot be charged any more. Use the button below to add another card and pay this week; your remaining payments will use the new card.'
      : 'Use the button below to pay this week now, with your saved card or another one.';
  const retry = facts.retryDate
    ? `If you do nothing, we will try once more on ${formatLongDate(facts.retryDate)}.`
    : 'We will not try this payment again on our own.';
  return {
    subject: authenticate
      ? `Your bank wants to confirm your ${money(facts.amount)} payment to ${facts.charity}`
      : `Your ${money(facts.amount)} payment to ${facts.charity} did not go through`,
    greeting: greeting(facts.firstName, facts.country),
    paragraphs: [
      `We tried to take your weekly payment of ${money(facts.amount)} to ${facts.charity} on ${formatLongDate(facts.processingDate)}, but it did not go through.`,
      `What happened: ${facts.reason}`,
      `What you can do: ${whatToDo}`,
      `${retry} Your other weekly payments stay as planned, and you can see them, or cancel them, on your pledge summary. Questions? Reply to this email or write to ${BRAND.contactEmail}.`,
    ],
    rows: [
      ['Amount', money(facts.amount)],
      ['Date', formatLongDate(facts.processingDate)],
      ['Charity', facts.charity],
      ['Payment', `${facts.paymentNumber} of ${facts.paymentCount}`],
    ],
    action: { label: authenticate ? 'Confirm with your bank' : facts.action === 'new_card' ? 'Use another card' : 'Pay now', url: facts.actionUrl },
  };
}

export type CardExpiryFacts = {
  firstName: string;
  country: CountryCode;
  charity: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** The first payment the card cannot cover. */
  paymentDate: IsoDate;
  /** What that payment will charge: the gift and its fee cover (docs/decisions/144). */
  amount: Minor;
  /** /summary?card=change: opens "Change card" after signing in. */
  changeCardUrl: string;
};

/** Sent by billing 7 days before the first payment a saved card cannot cover (docs/decisions/048). */
export function cardExpiryMail(facts: CardExpiryFacts): MailContent {
  const money = formatMoney(facts.amount, facts.country);
  const brand = facts.card.brand.charAt(0).toUpperCase() + facts.card.brand.slice(1);
  const expiry = `${String(facts.card.exp_month).padStart(2, '0')}/${facts.card.exp_year}`;
  return {
    subject: `Your card expires before your ${money} payment to ${facts.charity}`,
    greeting: greeting(facts.firstName, facts.country),
    paragraphs: [
      `Your ${brand} card ending ${facts.card.last4} expires at the end of ${expiry}, before your weekly payment of ${money} to ${facts.charity} on ${formatLongDate(facts.paymentDate)}.`,
      'So that this payment and the ones after it go through, please add your new card: use the button below, and after signing in you can add it there. Your remaining payments will use it, and the old card is removed.',
      `Questions? Reply to this email or write to ${BRAND.contactEmail}.`,
    ],
    rows: [
      ['Card', `${brand} ending ${facts.card.last4}, expires ${expiry}`],
      ['Next payment it cannot cover', formatLongDate(facts.paymentDate)],
      ['Amount', money],
      ['Charity', facts.charity],
    ],
    action: { label: 'Change card', url: facts.changeCardUrl },
  };
}

export type RefundMailFacts = {
  firstName: string;
  country: CountryCode;
  charity: string;
  /** What is given back now. */
  refund: Minor;
  /** The payment it comes from, its date and receipt number. */
  paymentAmount: Minor;
  processingDate: IsoDate;
  receiptNumber: string;
  /** Everything given back of that payment so far, this refund included. */
  refundedSoFar: Minor;
  /** The day of the refund in the campaign's country (NZ: Auckland, UK: London). */
  refundedOn: IsoDate;
  summaryUrl: string;
};

/**
 * "Your refund of $x" (docs/decisions/132-refunds.md): sent when an admin's refund went through,
 * with the pledge's corrected PDF receipt (drawn by the mail job, as every receipt is: decision 128).
 */
export function refundMail(facts: RefundMailFacts): MailContent {
  const money = (minor: Minor) => formatMoney(minor, facts.country);
  const { currency } = COUNTRIES[facts.country];
  const full = facts.refundedSoFar >= facts.paymentAmount;
  return {
    subject: `Your refund of ${money(facts.refund)}`,
    greeting: greeting(facts.firstName, facts.country),
    paragraphs: [
      `We have refunded ${money(facts.refund)} of your ${money(facts.paymentAmount)} payment to ${facts.charity} of ${formatLongDate(facts.processingDate)}, to the card it was taken from. Your bank usually shows it within 5 to 10 working days.`,
      full
        ? 'That payment is now refunded in full.'
        : `In all, ${money(facts.refundedSoFar)} of that payment has been refunded; the rest stands as your donation.`,
      `Your corrected receipt is attached: it keeps the receipt number ${facts.receiptNumber}, with a revision mark, and replaces the one we sent before. Questions? Reply to this email or write to ${BRAND.contactEmail}.`,
    ],
    rows: [
      ['Refund', `${money(facts.refund)} ${currency}`],
      ['Date', formatLongDate(facts.refundedOn)],
      ['Payment', `${money(facts.paymentAmount)} of ${formatLongDate(facts.processingDate)}`],
      ['Charity', facts.charity],
      ['Receipt number', facts.receiptNumber],
    ],
    action: { label: 'View my pledge', url: facts.summaryUrl },
  };
}
