import { COUNTRY_CODES } from '@uplift/core/countries';
import { charitiesNamed } from '@uplift/core/country-content';
import { statesNoFigures } from '@uplift/core/schemas/admin-charities';
import { describe, expect, it } from 'vitest';
import { RECIPIENTS } from './seed-data.ts';

// The seeded charities and what the landing pages name (docs/decisions/121-impact-units-and-country-content.md).

describe('seed data', () => {
  it('every charity a country page names is a seeded charity of that country', () => {
    for (const country of COUNTRY_CODES) {
      const own = RECIPIENTS.filter((r) => r.country === country).map((r) => r.recipient_name);
      for (const name of charitiesNamed(country)) expect(own, `${country} names ${name}`).toContain(name);
    }
  });

  it('every seeded charity has a singular unit and an impact description without figures', () => {
    expect(RECIPIENTS).toHaveLength(6);
    for (const r of RECIPIENTS) {
      expect(r.impact_unit_singular.length, r.slug).toBeGreaterThan(0);
      expect(statesNoFigures(r.impact_description), `${r.slug}: ${r.impact_description}`).toBe(true);
    }
  });
});
