import { describe, expect, it } from 'vitest';
import { actionFor, cardCovers, failureText, retryDate } from './payment-failures.ts';

describe('payment failures', () => {
  it('retries a soft decline once, two days later, never on or after the next payment date', () => {
    expect(retryDate('insufficient_funds', '2026-11-23', '2026-11-23', '2026-11-30')).toBe('2026-11-25');
    expect(retryDate('processing_error', '2026-11-27', '2026-11-23', '2026-11-30')).toBe('2026-11-29'); // the 29th is fine…
    expect(retryDate('card_declined', '2026-11-28', '2026-11-23', '2026-11-30')).toBeNull(); // …the 30th is not
    expect(retryDate('card_declined', '2026-12-14', '2026-12-14', null)).toBe('2026-12-16'); // last week: within it
    expect(retryDate('card_declined', '2026-12-19', '2026-12-14', null)).toBeNull();
  });

  it('retries within a week of the processing date even when the next payment is further off', () => {
    // Next payment two weeks on: the limit is still the 30th, a week after the 23rd.
    expect(retryDate('card_declined', '2026-11-27', '2026-11-23', '2026-12-07')).toBe('2026-11-29');
    expect(retryDate('card_declined', '2026-11-28', '2026-11-23', '2026-12-07')).toBeNull();
  });

  it('never retries a hard decline', () => {
    for (const code of ['authentication_required', 'expired_card', 'incorrect_number', 'lost_card', 'stolen_card', 'do_not_honor', 'provider_error']) {
      expect(retryDate(code, '2026-11-23', '2026-11-23', '2026-11-30'), code).toBeNull();
    }
  });

  it('offers the action that can fix it, in plain words', () => {
    expect(actionFor('authentication_required')).toBe('authenticate');
    expect(actionFor('expired_card')).toBe('new_card');
    expect(actionFor('card_not_available')).toBe('new_card');
    expect(actionFor('insufficient_funds')).toBe('pay_now');
    expect(actionFor('some_new_stripe_code')).toBe('pay_now');
    expect(failureText('insufficient_funds')).toMatch(/enough funds/);
    expect(failureText('some_new_stripe_code')).toBe('Your bank declined this payment.');
    expect(failureText(null)).toBe('Your bank declined this payment.');
    // A code only another card fixes, without words of its own.
    expect(failureText('pickup_card')).toBe('Your bank cannot take payments from this card any more.');
  });

  it('a card covers payments until the end of its expiry month', () => {
    expect(cardCovers({ exp_month: 12, exp_year: 2026 }, '2026-12-31')).toBe(true);
    expect(cardCovers({ exp_month: 12, exp_year: 2026 }, '2027-01-01')).toBe(false);
    expect(cardCovers({ exp_month: 1, exp_year: 2027 }, '2026-12-14')).toBe(true);
  });
});
