import { formatDayMonthYear, formatLongDate, type IsoDate } from '@uplift/core/calendar';
import { greet, type CountryCode } from '@uplift/core/countries';
import { formatMoney, type Minor } from '@uplift/core/money';
import type { MailContent } from '../mail/index.ts';

/**
 * The "week skipped" mail, and its twin when the skip is undone (docs/decisions/134-skip-a-week.md):
 * which payment moved where, and the pledge's payment dates as they now stand, with the .ics.
 */
export function pledgeSkippedMail(input: {
  firstName: string;
  country: CountryCode;
  charity: string;
  /** The skipped week's own date, and where its payment falls now (undone: back on its own date). */
  skippedFrom: IsoDate;
  movedTo: IsoDate;
  undone: boolean;
  /** The moved payment's gift (its charge, with any fee cover, is read from `schedule`). */
  amountMinor: Minor;
  /** Each date's charge: the gift and, when covered, its card-fee extra (docs/decisions/135). */
  schedule: { date: IsoDate; amountMinor: Minor; status: string }[];
  appUrl: string;
}): MailContent {
  const money = (minor: Minor) => formatMoney(minor, input.country, { code: true });
  // The moved payment as it will be charged, fee cover included (product-rules §15 "What each screen shows"):
  // the schedule's line on its new date says that; `amountMinor` is the gift alone.
  const movedDate = input.undone ? input.skippedFrom : input.movedTo;
  const charged = input.schedule.find((p) => p.date === movedDate && p.status === 'Pending')?.amountMinor ?? input.amountMinor;
  const lead = input.undone
    ? `As you asked, your skip is undone: your payment of ${money(charged)} to ${input.charity} is back on ${formatLongDate(input.skippedFrom)}.`
    : `As you asked, we will not take a payment on ${formatLongDate(input.skippedFrom)}. That payment of ${money(charged)} to ${input.charity} will be taken on ${formatLongDate(input.movedTo)} instead, one week after your last, so your pledge still gives its whole amount.`;
  return {
    subject: input.undone ? 'Your skipped week is back on' : 'You have skipped a week of your pledge',
    greeting: `${greet(input.country, input.firstName)},`,
    paragraphs: [
      lead,
      'Your payments now fall on these dates (the attached calendar file has them):',
    ],
    rows: input.schedule.map(({ date, amountMinor, status }): [string, string] => [
      formatDayMonthYear(date),
      status === 'Pending' ? money(amountMinor) : `${money(amountMinor)} (${status.toLowerCase()})`,
    ]),
    action: { label: 'View my pledge', url: `${input.appUrl}/summary` },
  };
}
