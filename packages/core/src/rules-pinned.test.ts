import { describe, expect, it } from 'vitest';
import { shareLinks } from './brand.ts';
import { commuteCostPerTripMinor, commuteWeeklyMinor, pledgeTotalMinor, splitPayments } from './calculator.ts';
import { addDays, parseIsoDate, remainingPaymentDates, weekIndexOf } from './calendar.ts';
import { passesLuhn } from './card.ts';
import { campaignMonthAndName, joinButtonText } from './countdown.ts';
import { parseAmountInput, toMinor } from './money.ts';
import { resetFormSchema } from './schemas/auth.ts';
import { campaignRequestSchema, isCampaignName } from './schemas/campaign.ts';
import { decimalAmountSchema } from './schemas/common.ts';
import { errorResponseSchema, messageResponseSchema } from './schemas/error.ts';
import { degradedResponseSchema, healthyResponseSchema } from './schemas/health.ts';
import { devMailPageSchema, devMailSchema } from './schemas/mail.ts';
import { sqlList } from './statuses.ts';

// Rules the mutation run (npm run test:mutation) found untested, pinned with literal values from
// docs/product-rules.md and the functions' own documented contracts. Messages are written out in full.

/** The messages a schema gives for one field, in order. */
function messagesFor(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('calculator: inputs that are not finite numbers give NaN, never a total', () => {
  const weekly = { numberOfUnits: 2, costPerUnitMinor: 500, period: 'weekly' as const, remainingWeeks: 4 };
  it.each([
    ['units', { numberOfUnits: Infinity }],
    ['cost', { costPerUnitMinor: Infinity }],
    ['weeks', { remainingWeeks: Infinity }],
  ])('pledgeTotalMinor with infinite %s', (_name, change) => {
    expect(pledgeTotalMinor({ ...weekly, ...change })).toBeNaN();
  });

  const commute = { distance: 8, tripsPerWeek: 10, weeklyParkingMinor: 0, costPerDistanceUnit: 0.375 };
  it.each([
    ['distance', { distance: Infinity }],
    ['parking', { weeklyParkingMinor: Infinity }],
    ['cost per unit of distance', { costPerDistanceUnit: Infinity }],
  ])('commuteCostPerTripMinor with infinite %s', (_name, change) => {
    expect(commuteCostPerTripMinor({ ...commute, ...change })).toBeNaN();
  });

  it('a commute with no trips (or fewer) costs exactly 0 a week, whatever the distance', () => {
    expect(commuteWeeklyMinor({ ...commute, tripsPerWeek: -1 })).toBe(0);
    expect(commuteWeeklyMinor({ ...commute, tripsPerWeek: 0, distance: NaN })).toBe(0);
  });
});

describe('splitPayments', () => {
  it('rounds the share half-up and lets the last payment absorb it, down to 0 (2 over 3: 1, 1, 0)', () => {
    expect(splitPayments(2, 3)).toEqual([1, 1, 0]);
  });

  it('names what it refuses', () => {
    expect(() => splitPayments(-1, 4)).toThrow(new RangeError('Not a total: -1'));
    expect(() => splitPayments(100, 1.5)).toThrow(new RangeError('Not a payment count: 1.5'));
  });
});

describe('calendar', () => {
  it('keeps four-digit years below 1000', () => {
    expect(addDays('0999-12-31', 1)).toBe('1000-01-01');
    expect(addDays('0999-01-01', 1)).toBe('0999-01-02');
  });

  it('is -1 for any day before billing starts, even weeks before', () => {
    expect(weekIndexOf('2026-11-25', '2026-11-24')).toBe(-1);
    expect(weekIndexOf('2026-11-25', '2026-11-01')).toBe(-1);
  });

  it('names what it refuses', () => {
    expect(() => parseIsoDate('2026-02-30')).toThrow(new RangeError('Not a date (YYYY-MM-DD): 2026-02-30'));
    expect(() => addDays('2026-11-23', 0.5)).toThrow(new RangeError('Not a whole number of days: 0.5'));
    expect(() => remainingPaymentDates('2026-11-25', '23/11/2026')).toThrow(new RangeError('Not a date (YYYY-MM-DD): 23/11/2026'));
  });
});

describe('card numbers', () => {
  it('are digits only: a space before or after is refused, even when the digits pass Luhn', () => {
    expect(passesLuhn('0')).toBe(true);
    expect(passesLuhn(' 0')).toBe(false);
    expect(passesLuhn('0 ')).toBe(false);
  });
});

describe('campaign names', () => {
  it('split into month and name however they are spaced', () => {
    expect(campaignMonthAndName('  November   Uplift  Challenge ')).toEqual({ month: 'November', name: 'Uplift Challenge' });
    expect(joinButtonText('')).toBe('Join the');
    expect(joinButtonText('  November   Uplift Challenge')).toBe('Join the November Uplift Challenge');
  });

  it('accept leading spaces before the month', () => {
    expect(isCampaignName('  November Uplift')).toBe(true);
  });
});

describe('money', () => {
  it('names what it refuses', () => {
    expect(() => toMinor(Infinity)).toThrow(new RangeError('Not a finite amount: Infinity'));
    expect(() => toMinor(NaN)).toThrow(new RangeError('Not a finite amount: NaN'));
    expect(() => toMinor('3.505')).toThrow(new RangeError('Not an amount with at most two decimal places: 3.505'));
    expect(() => toMinor('90071992547409910')).toThrow(new RangeError('Amount too large: 90071992547409910'));
  });

  it('reads -0 as 0, not -0', () => {
    expect(Object.is(toMinor('-0'), 0)).toBe(true);
    expect(Object.is(toMinor('-0.00'), 0)).toBe(true);
  });

  it('an amount field takes digits only: no sign', () => {
    expect(parseAmountInput('-3')).toBeNull();
    expect(parseAmountInput('+3')).toBeNull();
    expect(parseAmountInput('3.5')).toBe(350);
  });
});

describe('one message per problem (decision 011: each bad field gets one message)', () => {
  it('passwords: "must match" only once both are typed', () => {
    const base = { reset_token: 'x'.repeat(43), new_password: 'a long passphrase' };
    expect(messagesFor(resetFormSchema.safeParse({ ...base, confirm_password: '' }), 'confirm_password')).toEqual(['Please confirm your password']);
    expect(messagesFor(resetFormSchema.safeParse({ ...base, confirm_password: undefined }), 'confirm_password')).toEqual([
      'Please confirm your password',
    ]);
    expect(messagesFor(resetFormSchema.safeParse({ ...base, new_password: undefined, confirm_password: 'something else' }), 'confirm_password')).toEqual([]);
    expect(messagesFor(resetFormSchema.safeParse({ ...base, confirm_password: 'something else' }), 'confirm_password')).toEqual(['Passwords must match']);
  });

  const campaign = {
    campaign_name: 'November Uplift Challenge',
    start_date: '2026-11-01',
    end_date: '2026-11-30',
    billing_start_date: '2026-11-04',
    country: 'NZ',
    is_active: true,
  };

  it('campaign name: the format is judged only for a name of acceptable length (at most 100)', () => {
    const format = 'Campaign name must be a month followed by a name, e.g. November Uplift Challenge';
    expect(messagesFor(campaignRequestSchema.safeParse({ ...campaign, campaign_name: 'x'.repeat(100) }), 'campaign_name')).toEqual([format]);
    expect(messagesFor(campaignRequestSchema.safeParse({ ...campaign, campaign_name: 'x'.repeat(101) }), 'campaign_name')).toEqual([
      'Campaign name must be at most 100 characters long',
    ]);
  });

  it('campaign dates: the order checks run only once the dates themselves parse', () => {
    const parsed = (change: Record<string, unknown>) => campaignRequestSchema.safeParse({ ...campaign, ...change });
    expect(messagesFor(parsed({ start_date: 'x2026-12-01' }), 'end_date')).toEqual([]);
    expect(messagesFor(parsed({ start_date: 'x2026-12-01' }), 'billing_start_date')).toEqual([]);
    expect(messagesFor(parsed({ end_date: '2026-10-01x' }), 'end_date')).toEqual(['End date must be a real date in the form YYYY-MM-DD']);
    expect(messagesFor(parsed({ billing_start_date: '2026-12-09x' }), 'billing_start_date')).toEqual([
      'Billing start date must be a real date in the form YYYY-MM-DD',
    ]);
    expect(messagesFor(parsed({ end_date: 'soon' }), 'billing_start_date')).toEqual([]);
    // Both parse: each order problem has its message.
    expect(messagesFor(parsed({ end_date: '2026-10-01' }), 'end_date')).toEqual(['End date must be on or after the start date']);
    expect(messagesFor(parsed({ billing_start_date: '2026-12-09' }), 'billing_start_date')).toEqual([
      'Billing start date must be between the start date and the end date',
    ]);
  });

  it('amounts: too large is one message, even with three decimals', () => {
    const issues = decimalAmountSchema.safeParse(10_000_000.005).error?.issues.map((i) => i.message);
    expect(issues).toEqual(['Amount is too large']);
    expect(decimalAmountSchema.safeParse(-0.005).error?.issues.map((i) => i.message)).toEqual(['Amount must not be negative']);
  });
});

describe('small contracts', () => {
  it('share links: Facebook and X, the page address and text encoded', () => {
    expect(shareLinks('https://uplift.example/a b', 'I pledged!')).toEqual([
      { name: 'Facebook', url: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fuplift.example%2Fa%20b' },
      { name: 'X', url: 'https://twitter.com/intent/tweet?url=https%3A%2F%2Fuplift.example%2Fa%20b&text=I%20pledged!' },
    ]);
  });

  it('sqlList quotes each value for a check constraint, doubling single quotes', () => {
    expect(sqlList(['Pending', "it's"])).toBe("('Pending', 'it''s')");
  });

  it('error, health and dev-mail answers keep their fields', () => {
    const error = { message: 'No pledges!', code: 'pledge.none', errors: [{ path: 'email', message: 'Not a valid email' }] };
    expect(errorResponseSchema.parse(error)).toEqual(error);
    expect(errorResponseSchema.meta()?.id).toBe('Error');
    expect(messageResponseSchema.parse({ message: 'ok' })).toEqual({ message: 'ok' });
    const healthy = { status: 'ok', database: { status: 'up', latency_ms: 3 } };
    expect(healthyResponseSchema.parse(healthy)).toEqual(healthy);
    expect(healthyResponseSchema.safeParse({ status: 'ok', database: { status: 'up', latency_ms: 1 } }).success).toBe(true);
    expect(healthyResponseSchema.safeParse({ status: 'degraded', database: { status: 'up', latency_ms: 1 } }).success).toBe(false);
    expect(healthyResponseSchema.safeParse({ status: 'ok', database: { status: 'down', latency_ms: 1 } }).success).toBe(false);
    const degraded = { status: 'degraded', database: { status: 'down' } };
    expect(degradedResponseSchema.parse(degraded)).toEqual(degraded);
    expect(degradedResponseSchema.safeParse({ status: 'ok', database: { status: 'down' } }).success).toBe(false);
    expect(degradedResponseSchema.safeParse({ status: 'degraded', database: { status: 'up' } }).success).toBe(false);
    const mail = { id: 1, to: 'a@example.org', kind: 'activation', subject: 'Activate', text: 'token', created_at: '2026-11-23T09:00:00.000Z' };
    expect(devMailSchema.parse(mail)).toEqual(mail);
    expect(devMailPageSchema.description).toBe('An HTML page listing the newest 100 mails');
  });
});
