import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule of docs/decisions/090-country-data-flow.md, run through the repository's own
// eslint.config.js: a currency symbol, currency code or time zone written outside core's country
// table fails `npm run lint`; tests, fixtures and seed data may write them.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: ROOT });

async function countryErrors(code: string, file: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && /country table/.test(m.message)).map((m) => m.line);
}

const SLIPS = [
  "export const a = '$';",
  'export const b = (x: number) => `$${x}`;',
  "export const c = 'at least $3.50';",
  "export const d = 'NZD';",
  "export const e = 'Total in GBP';",
  "export const f = 'Europe/London';",
  'export const g = `Pacific/Auckland`;',
  "export const h = '£';",
].join('\n');

const FINE = ["export const sql = 'select * from t where id = $1';", 'export const re = /^[a-z]+$/;', "export const ok = 'Total';"].join('\n');

describe('the country literal rule', () => {
  it('fails on symbols, codes and zones in app and core code', async () => {
    expect(await countryErrors(SLIPS, 'apps/api/src/modules/mail/probe.ts')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await countryErrors(SLIPS, 'packages/core/src/probe.ts')).toHaveLength(8);
    expect(await countryErrors('export const P = () => <p>Costs $4 or £3</p>;', 'apps/web/src/features/summary/probe.tsx')).toEqual([1]);
    expect(await countryErrors(SLIPS, 'apps/api/src/modules/pledges/probe.routes.ts')).toHaveLength(8);
  }, 60_000);

  it('leaves SQL placeholders and regular expressions alone, and lets tests, fixtures, seed data and the country table be', async () => {
    expect(await countryErrors(FINE, 'apps/api/src/modules/mail/probe.ts')).toEqual([]);
    for (const file of ['apps/api/src/modules/mail/probe.test.ts', 'apps/api/src/db/seed-data.ts', 'apps/api/src/modules/payments/fixtures/probe.ts', 'packages/core/src/countries.ts']) {
      expect(await countryErrors(SLIPS, file), file).toEqual([]);
    }
  }, 60_000);
});
