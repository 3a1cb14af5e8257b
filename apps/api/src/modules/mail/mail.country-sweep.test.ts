import { asMinor } from '@uplift/core/money';
import { paymentDates, todayInCountry } from '@uplift/core/calendar';
import { countrySlips } from '@uplift/core/country-check';
import { progressLines } from '@uplift/core/progress';
import { COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { describe, expect, it } from 'vitest';
import { accountErasedMail, emailChangeMail } from '../account/account.mails.ts';
import { newsMail } from '../admin/news.mails.ts';
import { activationMail, passwordResetMail } from '../auth/auth.mails.ts';
import { cardExpiryMail, milestoneMail, paymentFailedMail, receiptMail } from '../billing/billing.mails.ts';
import { pledgeCancelledMail } from '../pledges/pledge-cancelled.mail.ts';
import { pledgeConfirmedMail } from '../pledges/pledge-confirmed.mail.ts';
import { renderMail, type MailContent } from './mail.layout.ts';

// The country sweep over every mail template (docs/decisions/090-country-data-flow.md), both
// countries, at an instant when they are on different dates. A new mail is one entry in MAILS;
// e2e/specs/country-sweep.spec.ts reads the same mails as delivered to an SMTP sink.

const NOW = new Date('2026-11-23T20:00:00Z'); // Tuesday 24th in Auckland, Monday 23rd in London

type Donor = { country: CountryCode; today: string; dates: string[] };

const MAILS: { name: string; render: (d: Donor) => MailContent }[] = [
  { name: 'activation', render: (d) => activationMail({ firstName: 'Sam', country: d.country, token: 'a'.repeat(43), appUrl: 'https://uplift.test' }) },
  { name: 'password reset', render: (d) => passwordResetMail({ firstName: 'Sam', country: d.country, token: 'a'.repeat(43), appUrl: 'https://uplift.test' }) },
  {
    name: 'pledge confirmed',
    render: (d) =>
      pledgeConfirmedMail({
        firstName: 'Sam',
        country: d.country,
        totalMinor: asMinor(7000),
        campaignName: 'November Uplift Challenge',
        challengeName: 'Coffees',
        recipientName: 'A charity',
        card: { brand: 'visa', last4: '4242' },
        schedule: d.dates.map((date) => ({ date, amountMinor: asMinor(1750) })),
        appUrl: 'https://uplift.test',
      }),
  },
  {
    name: 'pledge cancelled',
    render: (d) => pledgeCancelledMail({ firstName: 'Sam', country: d.country, charity: 'A charity', cancelledPayments: 3, paidMinor: asMinor(1750), appUrl: 'https://uplift.test' }),
  },
  { name: 'account erased', render: (d) => accountErasedMail({ firstName: 'Sam', country: d.country, cancelledPayments: 3 }) },
  { name: 'email change', render: (d) => emailChangeMail({ firstName: 'Sam', country: d.country, token: 'a'.repeat(43), appUrl: 'https://uplift.test' }) },
  { name: 'receipt', render: (d) => receiptMail({ ...paymentFacts(d), paidSoFar: asMinor(1750), receiptNumber: `${d.country}-2026-000001`, reference: 'pi_123' }) },
  {
    name: 'receipt with its progress part',
    render: (d) =>
      receiptMail({
        ...paymentFacts(d),
        paidSoFar: asMinor(3500),
        receiptNumber: `${d.country}-2026-000002`,
        reference: 'pi_123',
        progress: {
          ...progressLines({
            country: d.country,
            week: 2,
            weeks: 4,
            challengeName: 'Coffees',
            unit: 'coffees',
            numberOfUnits: 5,
            period: 'weekly',
            givenMinor: asMinor(3500),
            charity: { name: 'A charity', impactCostMinor: asMinor(500), impactMultiplier: 1, impactUnit: 'meals', impactUnitSingular: 'meal' },
            nextDate: d.dates[2]!,
          }),
          unsubscribeUrl: 'https://uplift.test/unsubscribe?token=abc.def',
        },
      }),
  },
  ...(['halfway', 'completed'] as const).map((milestone) => ({
    name: `milestone: ${milestone}`,
    render: (d: Donor) =>
      milestoneMail({
        firstName: 'Sam',
        country: d.country,
        charity: 'A charity',
        milestone,
        paidCount: milestone === 'halfway' ? 2 : 4,
        paymentCount: 4,
        paidSoFar: asMinor(milestone === 'halfway' ? 3500 : 7000),
        pledgeTotal: asMinor(7000),
        summaryUrl: 'https://uplift.test/summary',
        shareUrl: `https://uplift.test/?country=${d.country}&badge=${milestone}`,
        unsubscribe: { page: 'https://uplift.test/unsubscribe?token=abc.def', oneClick: 'https://uplift.test/api/unsubscribe?token=abc.def' },
      }),
  })),
  {
    name: 'news update',
    render: (d) =>
      newsMail({
        firstName: 'Sam',
        country: d.country,
        subject: 'What your month did',
        text: 'Thank you all.\n\nThe totals are in.',
        from: 'Uplift',
        unsubscribe: { page: 'https://uplift.test/unsubscribe?token=abc.def', oneClick: 'https://uplift.test/api/unsubscribe?token=abc.def' },
      }),
  },
  {
    name: 'payment failed (soft decline, retry date)',
    render: (d) =>
      paymentFailedMail({ ...paymentFacts(d), reason: 'Your card was declined.', action: 'pay_now', retryDate: d.dates[1]!, actionUrl: 'https://uplift.test/summary?pay=1' }),
  },
  {
    name: 'payment failed (bank wants to confirm)',
    render: (d) =>
      paymentFailedMail({ ...paymentFacts(d), reason: 'Your bank needs to confirm it is you.', action: 'authenticate', retryDate: null, actionUrl: 'https://uplift.test/summary?pay=1' }),
  },
  {
    name: 'card expires before a payment',
    render: (d) =>
      cardExpiryMail({
        firstName: 'Sam',
        country: d.country,
        charity: 'A charity',
        card: { brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2026 },
        paymentDate: d.dates[2]!,
        amount: asMinor(1750),
        changeCardUrl: 'https://uplift.test/summary?card=change',
      }),
  },
];

function paymentFacts(d: Donor) {
  return {
    firstName: 'Sam',
    country: d.country,
    charity: 'A charity',
    amount: asMinor(1750),
    processingDate: d.today,
    paymentNumber: 1,
    paymentCount: 4,
    pledgeTotal: asMinor(7000),
    summaryUrl: 'https://uplift.test/summary',
  };
}

describe.each(COUNTRY_CODES)('every mail to a donor in %s', (country) => {
  const today = todayInCountry(country, NOW);
  const donor: Donor = { country, today, dates: paymentDates(today) };
  it.each(MAILS)('$name speaks only its country', ({ render }) => {
    const mail = renderMail(render(donor));
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(countrySlips(part, { country, today, dates: donor.dates })).toEqual([]);
    }
  });
});
