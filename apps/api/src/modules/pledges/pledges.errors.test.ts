import { MAX_PLEDGE_MINOR, MIN_PLEDGE_MINOR, pledgeAboveMaximumMessage, pledgeTotalError } from '@uplift/core/calculator';
import { COUNTRY_CODES } from '@uplift/core/countries';
import type { Minor } from '@uplift/core/money';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { checkTotalBounds } from './pledge-input.ts';

// The server refuses a total outside its bounds with the very words the wizard shows: core's
// calculator writes them, the pledges list names their amount through a placeholder.

function refusal(total: number, country: (typeof COUNTRY_CODES)[number]): DomainError | undefined {
  try {
    checkTotalBounds(total as Minor, country);
    return undefined;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
}

describe("a pledge total's bounds", () => {
  it.each(COUNTRY_CODES)('in %s, below the minimum and above the ceiling say what core says', (country) => {
    expect(refusal(MIN_PLEDGE_MINOR - 1, country)).toMatchObject({ code: 'pledge.below_minimum', status: 400, message: pledgeTotalError(0 as Minor, country) });
    expect(refusal(MAX_PLEDGE_MINOR + 1, country)).toMatchObject({ code: 'pledge.above_maximum', status: 400, message: pledgeAboveMaximumMessage(country) });
    expect(refusal(MIN_PLEDGE_MINOR, country)).toBeUndefined();
    expect(refusal(MAX_PLEDGE_MINOR, country)).toBeUndefined();
  });
});
