import { describe, expect, it } from 'vitest';
import { normaliseSlug, slugProblem, SLUG_MESSAGES } from './slug.ts';

// The address rule of pages and teams (docs/decisions/142).

describe('slugProblem', () => {
  it('accepts 3 to 40 of a-z, 0-9 and inner hyphens', () => {
    for (const slug of ['sam', 'sam-runs-2026', 'a1b', 'x'.repeat(40), '007']) expect(slugProblem(slug), slug).toBeUndefined();
  });

  it('names the rule an address breaks', () => {
    const cases: [string, string][] = [
      ['', SLUG_MESSAGES.required],
      ['ab', SLUG_MESSAGES.tooShort],
      ['x'.repeat(41), SLUG_MESSAGES.tooLong],
      ['Sam', SLUG_MESSAGES.characters],
      ['sam_runs', SLUG_MESSAGES.characters],
      ['sam runs', SLUG_MESSAGES.characters],
      ['sām', SLUG_MESSAGES.characters],
      ['sam\u0000', SLUG_MESSAGES.characters],
      ['-sam', SLUG_MESSAGES.hyphenEdge],
      ['sam-', SLUG_MESSAGES.hyphenEdge],
      ['admin', SLUG_MESSAGES.reserved],
      ['api', SLUG_MESSAGES.reserved],
      ['new', SLUG_MESSAGES.reserved],
      ['edit', SLUG_MESSAGES.reserved],
    ];
    for (const [slug, message] of cases) expect(slugProblem(slug), JSON.stringify(slug)).toBe(message);
  });

  it('reads a typed address trimmed and lowercased', () => {
    expect(normaliseSlug('  Sam-Runs ')).toBe('sam-runs');
    expect(slugProblem(normaliseSlug(' ADMIN '))).toBe(SLUG_MESSAGES.reserved);
  });
});
