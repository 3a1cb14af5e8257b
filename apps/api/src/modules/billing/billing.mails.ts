import { BRAND } from '@uplift/core/brand';
import { formatLongDate, type IsoDate } from '@uplift/core/calendar';
import { COUNTRIES, greet, type CountryCode } from '@uplift/core/countries';
import { formatMoney } from '@uplift/core/money';
import type { PaymentAction } from '@uplift/core/payment-failures';
import type { MailContent } from '../mail/mail.layout.ts';

// The two mails a weekly payment sends (DECISIONS.md "Accounts and mail"): a receipt for each
// Success and a notice for each Failed one, saying what happened and what the donor can do.

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

export function paymentFailedMail(
  facts: PaymentMailFacts & { reason: string; action: PaymentAction; retryDate: IsoDate | null; actionUrl: string },
): MailContent {
  const money = (minor: number) => formatMoney(minor, facts.country);
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
