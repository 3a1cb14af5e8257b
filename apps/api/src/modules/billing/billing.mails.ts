import { BRAND } from '@uplift/core/brand';
import { formatLongDate, type IsoDate } from '@uplift/core/calendar';
import { COUNTRIES, greet, type CountryCode } from '@uplift/core/countries';
import { formatMoney } from '@uplift/core/money';
import type { MailContent } from '../mail/mail.layout.ts';

// The two mails a weekly payment sends (DECISIONS.md "Accounts and mail"): a receipt for each
// Success and a notice for each Failed one, saying what happened and what the donor can do.

/** Stored as the payment's failure reason when the bank wants the donor present to approve it. */
export const REQUIRES_ACTION_REASON =
  'Your bank needs you to approve this payment yourself, which it cannot ask for while you are away. Please update your card details.';

/** Stored when a payment has no saved card to charge (should not happen: confirming saves one). */
export const NO_CARD_REASON = 'There is no saved card for this payment. Please add a card.';

export type PaymentMailFacts = {
  firstName: string;
  country: CountryCode;
  charity: string;
  amount: number;
  processingDate: IsoDate;
  paymentNumber: number;
  paymentCount: number;
  pledgeTotal: number;
  summaryUrl: string;
};

export function greeting(firstName: string, country: CountryCode): string {
  return `${greet(country, firstName)},`;
}

export function receiptMail(facts: PaymentMailFacts & { paidSoFar: number; reference: string }): MailContent {
  const money = (minor: number) => formatMoney(minor, facts.country);
  const { currency } = COUNTRIES[facts.country];
  return {
    subject: `Receipt: your ${money(facts.amount)} payment to ${facts.charity}`,
    greeting: greeting(facts.firstName, facts.country),
    paragraphs: [
      `Thank you! Your weekly payment of ${money(facts.amount)} to ${facts.charity} has gone through.`,
      `So far you have given ${money(facts.paidSoFar)} of your ${money(facts.pledgeTotal)} pledge.`,
    ],
    rows: [
      ['Amount', `${money(facts.amount)} ${currency}`],
      ['Date', formatLongDate(facts.processingDate)],
      ['Charity', facts.charity],
      ['Payment', `${facts.paymentNumber} of ${facts.paymentCount}`],
      ['Given so far', `${money(facts.paidSoFar)} of ${money(facts.pledgeTotal)}`],
      ['Reference', facts.reference],
    ],
    action: { label: 'View my pledge', url: facts.summaryUrl },
  };
}

export function paymentFailedMail(facts: PaymentMailFacts & { reason: string; needsAuthentication: boolean }): MailContent {
  const money = (minor: number) => formatMoney(minor, facts.country);
  const whatToDo = facts.needsAuthentication
    ? `Your bank wants to approve payments like this one with you present. Reply to this email or write to ${BRAND.contactEmail} and we will help you save a card that can be charged each week.`
    : `Please check with your bank that the card is active and can be charged, or reply to this email (or write to ${BRAND.contactEmail}) and we will help you update your card.`;
  return {
    subject: `Your ${money(facts.amount)} payment to ${facts.charity} did not go through`,
    greeting: greeting(facts.firstName, facts.country),
    paragraphs: [
      `We tried to take your weekly payment of ${money(facts.amount)} to ${facts.charity} on ${formatLongDate(facts.processingDate)}, but it did not go through.`,
      `What happened: ${facts.reason}`,
      `What you can do: ${whatToDo}`,
      'We will not try this payment again on our own, so nothing more will be taken for it. Your other weekly payments stay as planned, and you can see them, or cancel them, on your pledge summary.',
    ],
    rows: [
      ['Amount', money(facts.amount)],
      ['Date', formatLongDate(facts.processingDate)],
      ['Charity', facts.charity],
      ['Payment', `${facts.paymentNumber} of ${facts.paymentCount}`],
    ],
    action: { label: 'View my pledge', url: facts.summaryUrl },
  };
}
