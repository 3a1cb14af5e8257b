import { describe, expect, it } from 'vitest';
import { cardDigits, passesLuhn } from './card.ts';

describe('card checks', () => {
  it('drops the spaces and dashes people type', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('applies the Luhn checksum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000002500003155')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242x')).toBe(false);
  });
});
