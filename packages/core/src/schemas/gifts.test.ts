import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { GIFT_MAX_MINOR, GIFT_MIN_MINOR, giftFormSchema, giftRequestSchema } from './gifts.ts';
import { issuesOf } from './schemas.test-support.ts';

// The bounds of a gift (docs/product-rules.md §21: "at least 10 and at most 10,000" in the page's
// currency), defined once in ../gifts.ts and checked by the request's schema and the form's alike
// (docs/decisions/148-gift-bounds-defined-once.md). Values and words are written out as the rules say them.

const request = (amount: unknown) => ({ client_key: '0b6f7c1e-8a3d-4f5e-9b2a-1c4d5e6f7a8b', amount, name: 'Sam', email: 'sam@example.org' });
const form = (amount: string, over: Record<string, unknown> = {}) => ({
  amount,
  name: 'Sam Friend',
  email: 'sam@example.org',
  message: '',
  hide_name: false,
  hide_amount: false,
  tax_receipt: false,
  ...over,
});

describe('the bounds, defined once', () => {
  it('are 10 and 10,000 in minor units of the page’s currency', () => {
    expect(GIFT_MIN_MINOR).toBe(1000);
    expect(GIFT_MAX_MINOR).toBe(1_000_000);
  });

  it('are the request’s: 10.00 and 10,000.00 can be given, 9.99 and 10,000.01 cannot, in words that name no currency', () => {
    expect(issuesOf(giftRequestSchema, request(1000))).toEqual([]);
    expect(issuesOf(giftRequestSchema, request(1_000_000))).toEqual([]);
    expect(issuesOf(giftRequestSchema, request(999))).toEqual(["amount: amount must be at least 10.00 in the page's currency"]);
    expect(issuesOf(giftRequestSchema, request(0))).toEqual(["amount: amount must be at least 10.00 in the page's currency"]);
    expect(issuesOf(giftRequestSchema, request(1_000_001))).toEqual(["amount: amount must be at most 10,000.00 in the page's currency"]);
    expect(issuesOf(giftRequestSchema, request(100_000_001))).toEqual(["amount: amount must be at most 10,000.00 in the page's currency"]);
    expect(issuesOf(giftRequestSchema, request(25.5))).toEqual(['amount: amount must be a whole number of cents (pence)']);
    expect(issuesOf(giftRequestSchema, request('2500'))).toEqual(['amount: amount must be a whole number of cents (pence)']);
  });

  it('are the OpenAPI description’s minimum and maximum', () => {
    const amount = (z.toJSONSchema(giftRequestSchema, { io: 'input' }) as { properties: Record<string, Record<string, unknown>> }).properties.amount;
    expect(amount).toMatchObject({ type: 'integer', minimum: 1000, maximum: 1_000_000 });
  });

  it('are the form’s, said in the page’s money with the form’s words', () => {
    expect(giftFormSchema('NZ').parse(form(' 10 '))).toMatchObject({ amount: 1000 });
    expect(giftFormSchema('UK').parse(form('10000.00'))).toMatchObject({ amount: 1_000_000 });
    expect(issuesOf(giftFormSchema('NZ'), form('9.99'))).toEqual(['amount: The amount must be at least $10.00']);
    expect(issuesOf(giftFormSchema('UK'), form('5'))).toEqual(['amount: The amount must be at least £10.00']);
    expect(issuesOf(giftFormSchema('UK'), form('10001'))).toEqual(['amount: The amount must be at most £10,000.00']);
    expect(issuesOf(giftFormSchema('NZ'), form('10000.01'))).toEqual(['amount: The amount must be at most $10,000.00']);
  });
});

describe('the gift form’s other words', () => {
  const nz = giftFormSchema('NZ');

  it('an amount that is not one asks for one', () => {
    for (const text of ['', 'abc', '25.555', '-5', '1e3']) {
      expect(issuesOf(nz, form(text)), text).toEqual(['amount: Enter an amount, such as 25 or 25.50']);
    }
  });

  it('name, email and message, each at its field', () => {
    expect(issuesOf(nz, form('25', { name: '   ' }))).toEqual(['name: Please enter your name']);
    expect(issuesOf(nz, form('25', { email: '' }))).toEqual(['email: Please enter your email address, for your receipt']);
    expect(issuesOf(nz, form('25', { email: 'sam@' }))).toEqual(['email: Please enter your email address, for your receipt']);
    expect(issuesOf(nz, form('25', { message: 'x'.repeat(141) }))).toEqual(['message: Your message can be at most 140 characters']);
    expect(issuesOf(nz, form('25', { message: 'x'.repeat(140) }))).toEqual([]);
  });

  it('gives the request’s fields, trimmed, the amount in minor units', () => {
    expect(nz.parse(form('25.50', { name: ' Sam ', email: ' sam@example.org ', message: ' Go! ', hide_name: true }))).toEqual({
      amount: 2550,
      name: 'Sam',
      email: 'sam@example.org',
      message: 'Go!',
      hide_name: true,
      hide_amount: false,
      tax_receipt: false,
    });
  });
});
