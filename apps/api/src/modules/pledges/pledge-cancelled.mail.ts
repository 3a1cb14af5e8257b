import { BRAND } from '@uplift/core/brand';
import { greet, type CountryCode } from '@uplift/core/countries';
import { formatMoney, type Minor } from '@uplift/core/money';
import type { MailContent } from '../mail/index.ts';

/** The "pledge cancelled" mail: how many remaining payments were cancelled, and what stands. */
export function pledgeCancelledMail(input: {
  firstName: string;
  country: CountryCode;
  charity: string;
  cancelledPayments: number;
  paidMinor: Minor;
  appUrl: string;
}): MailContent {
  const n = input.cancelledPayments;
  const paragraphs = [
    `As you asked, we have cancelled your pledge to ${input.charity}.`,
    n === 0
      ? 'There were no remaining payments to cancel, so nothing changes on your card.'
      : `${n} remaining weekly ${n === 1 ? 'payment has' : 'payments have'} been cancelled and will not be taken from your card.`,
  ];
  if (input.paidMinor > 0) {
    paragraphs.push(`The ${formatMoney(input.paidMinor, input.country)} you have already given stays with ${input.charity}. Thank you for it.`);
  }
  paragraphs.push(`If this was not you, or you have changed your mind, write to us at ${BRAND.contactEmail}.`);
  return {
    subject: `Your ${BRAND.product} pledge has been cancelled`,
    greeting: `${greet(input.country, input.firstName)},`,
    paragraphs,
    rows: [
      ['Charity', input.charity],
      ['Payments cancelled', String(n)],
      ['Already given', formatMoney(input.paidMinor, input.country)],
    ],
    action: { label: `Visit ${BRAND.product}`, url: input.appUrl },
  };
}
