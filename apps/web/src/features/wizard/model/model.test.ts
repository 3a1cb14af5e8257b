import { describe, expect, it } from 'vitest';
import { calculate, remainingDatesOf } from './calculation';
import { formatCardNumber, parseExpiry, validateTestCard } from '../../../components/card-form/test-card';
import { EMPTY_CALCULATOR, EMPTY_STATE, parseStep, parseWizardState } from './wizard-state';

describe('wizard state', () => {
  it('reads ?step=n from 0 to 4, anything else as 0', () => {
    expect(parseStep(null)).toBe(0);
    expect(parseStep('3')).toBe(3);
    expect(parseStep('9')).toBe(4);
    expect(parseStep('-1')).toBe(0);
    expect(parseStep('two')).toBe(0);
  });

  it('reads stored state defensively', () => {
    expect(parseWizardState(null)).toEqual(EMPTY_STATE);
    expect(parseWizardState('not json')).toEqual(EMPTY_STATE);
    const state = parseWizardState(JSON.stringify({ campaignId: 3, challengeId: -1, recipientId: 'x', calculator: { frequency: '5', period: 'monthly', noParking: 'yes' } }));
    expect(state).toEqual({ campaignId: 3, challengeId: null, recipientId: null, calculator: { ...EMPTY_CALCULATOR, frequency: '5', period: 'monthly' } });
  });
});

describe('calculation', () => {
  it('counts remaining payment dates in the campaign’s own zone', () => {
    // 2026-11-24 10:00 UTC is 25 Nov in NZ (billing day itself still counts) and 24 Nov in the UK.
    const now = new Date('2026-11-24T12:00:00Z');
    expect(remainingDatesOf({ billing_start_date: '2026-11-25', country: 'NZ' }, now)).toHaveLength(4);
    expect(remainingDatesOf({ billing_start_date: '2026-11-04', country: 'NZ' }, now)).toEqual(['2026-11-25']);
  });
  it('blocks a campaign with no payments left and a pledge above the ceiling', () => {
    const calc = (weeks: number, frequency: string, cost: string) =>
      calculate({ calculator: { ...EMPTY_CALCULATOR, frequency, cost }, isCommute: false, country: 'NZ', remainingWeeks: weeks });
    expect(calc(0, '5', '3.50').blockingError).toMatch(/payment dates have passed/);
    expect(calc(4, '1000', '10').blockingError).toMatch(/Pledges above \$10,000\.00/);
    const ok = calc(3, '3', '3.33');
    expect(ok).toMatchObject({ blockingError: null, totalMinor: 2997, payments: [999, 999, 999] });
  });
  it('stores a commute as trips and the cost of one trip, in km at 37.5c in NZ', () => {
    const c = calculate({
      calculator: { ...EMPTY_CALCULATOR, distance: '8', trips: '10', parking: '10' },
      isCommute: true,
      country: 'NZ',
      remainingWeeks: 4,
    });
    expect(c).toMatchObject({ numberOfUnits: 10, costPerUnitMinor: 400, period: 'weekly', totalMinor: 16000, blockingError: null });
  });

  it('measures a UK commute in miles at 45p a mile', () => {
    const uk = (distance: string, parking = '10') =>
      calculate({ calculator: { ...EMPTY_CALCULATOR, distance, trips: '10', parking }, isCommute: true, country: 'UK', remainingWeeks: 4 });
    // 8 miles × 0.45 = 3.60, plus £10 parking over 10 trips = 4.60 a trip; 46.00 a week over four weeks.
    expect(uk('8')).toMatchObject({ numberOfUnits: 10, costPerUnitMinor: 460, totalMinor: 18400, blockingError: null });
    // product-rules §9's UK commute: 5 miles, 10 trips, no parking: 2.25 a trip, 90.00.
    expect(uk('5', '')).toMatchObject({ costPerUnitMinor: 225, totalMinor: 9000 });
    expect(uk('five').fieldErrors.distance).toBe('Distance must be a number of miles, e.g. 5 or 12.5');
    expect(calculate({ calculator: { ...EMPTY_CALCULATOR, distance: 'eight', trips: '10' }, isCommute: true, country: 'NZ', remainingWeeks: 4 }).fieldErrors.distance).toBe(
      'Distance must be a number of kilometres, e.g. 8 or 12.5',
    );
  });
});

describe('test card form checks', () => {
  const now = new Date('2026-11-23T09:00:00Z');
  it('parses MM/YY', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1 / 2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('1230')).toBeNull();
  });
  it('groups digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });
  it('gives Stripe’s messages', () => {
    expect(validateTestCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({});
    expect(validateTestCard({ number: '4242', expiry: '', cvc: '' }, now)).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(validateTestCard({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '123' }, now)).toMatchObject({
      number: 'Your card number is invalid.',
      expiry: "Your card's expiration date is in the past.",
    });
  });
});
