import { formatDayMonthYear } from '@uplift/core/calendar';
import { COUNTRIES, greet, type CountryCode } from '@uplift/core/countries';
import { FEE_TEXT, feePerChargeMinor, pledgeTotalText } from '@uplift/core/fees';
import { formatMoney, sumMinor, type Minor } from '@uplift/core/money';
import type { MailContent } from '../mail/index.ts';

export type ConfirmedMailInput = {
  firstName: string;
  country: CountryCode;
  totalMinor: Minor;
  campaignName: string;
  challengeName: string;
  recipientName: string;
  card: { brand: string; last4: string };
  /** `feeCoverMinor`: the weekly extra that covers the card fee (docs/decisions/135), when chosen. */
  schedule: { date: string; amountMinor: Minor; feeCoverMinor?: Minor }[];
  appUrl: string;
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The "pledge confirmed" mail: what was pledged, the payment dates and each charge's card fee. */
export function pledgeConfirmedMail(input: ConfirmedMailInput): MailContent {
  const { country } = input;
  const money = (minor: Minor) => formatMoney(minor, country, { code: true });
  const count = input.schedule.length;
  const coverTotal = sumMinor(input.schedule.map((p) => p.feeCoverMinor ?? (0 as Minor)));
  const covers = coverTotal > 0;
  return {
    subject: 'Your Uplift pledge is confirmed',
    greeting: `${greet(country, input.firstName)},`,
    paragraphs: [
      `Thank you for taking part in the ${input.campaignName}. You have given up ${input.challengeName.toLowerCase()} and pledged ${pledgeTotalText(input.totalMinor, coverTotal, country, { code: true, charity: input.recipientName })}.`,
      'You can see your progress, and cancel future payments at any time, on the View my pledge page.',
      `Your ${capitalise(input.card.brand)} card ending ${input.card.last4} will be charged in ${count} weekly ${count === 1 ? 'payment' : 'payments'} on these dates:`,
    ],
    rows: [
      ...input.schedule.map(({ date, amountMinor, feeCoverMinor = 0 as Minor }): [string, string] => [
        formatDayMonthYear(date),
        feeCoverMinor > 0
          ? `${money((amountMinor + feeCoverMinor) as Minor)} (your gift ${formatMoney(amountMinor, country)} and ${formatMoney(feeCoverMinor, country)} to cover the card fee)`
          : `${money(amountMinor)} (card fee ${formatMoney(feePerChargeMinor(amountMinor, country), country)})`,
      ]),
      covers
        ? ['Card fee', `${FEE_TEXT[country]}, covered by your weekly extra: ${input.recipientName} receives your whole gift`]
        : ['Card fee', `${FEE_TEXT[country]}, paid from each payment; the rest goes to ${input.recipientName}`],
      ['Currency', COUNTRIES[country].currency],
    ],
    action: { label: 'View my pledge', url: `${input.appUrl}/summary` },
    // From the moment of thanks (docs/decisions/167): a page filled in from this pledge, published in
    // one step; the link goes through login as usual.
    invite: {
      text: `Ask friends to back you: make your challenge page. We fill it in from your pledge, you publish it in one step, and friends can give to ${input.recipientName} on it.`,
      label: 'Make my challenge page',
      url: `${input.appUrl}/my-page?start=thanks`,
    },
  };
}
