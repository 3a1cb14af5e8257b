import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { API_MODULE_MAP, findCycle } from '../../../../eslint/api-modules.js';

// The API's module boundaries (docs/architecture.md, docs/decisions/110-module-map-and-ledger.md),
// run through the repository's own eslint.config.js on probe files placed inside the modules: a
// module reaches another only through its index.ts, only along the map, never back up (a cycle),
// and only repositories query the database.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: ROOT });

async function problems(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'api-modules/boundaries' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the module boundaries', () => {
  it("fail on an import of another module's repository", async () => {
    const found = await problems(
      "import { listPledgePayments } from '../pledges/pledges.repository.ts';\nexport const x = listPledgePayments;\n",
      'apps/api/src/modules/billing/probe.ts',
    );
    expect(found).toEqual(['Reach module "pledges" through its public face (modules/pledges/index.ts), not pledges/pledges.repository.ts.']);
  }, 60_000);

  it('fail on an import that would close a cycle between two modules', async () => {
    // billing uses pledges (the map and the code); pledges importing billing back is refused.
    expect(API_MODULE_MAP.billing).toContain('pledges');
    const found = await problems("import { runBilling } from '../billing/index.ts';\nexport const x = runBilling;\n", 'apps/api/src/modules/pledges/probe.ts');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Module "pledges" may not use "billing".*"billing" already uses "pledges": importing back would make a cycle/);
  }, 60_000);

  it('refuse a map with a cycle in it, and find none in the real one', () => {
    expect(findCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle({ a: ['b'], b: [] })).toBeUndefined();
    expect(findCycle(API_MODULE_MAP)).toBeUndefined();
  });

  it("fail when an index.ts re-exports its module's repository", async () => {
    const found = await problems("export { listPledgePayments } from './pledges.repository.ts';\n", 'apps/api/src/modules/pledges/index.ts');
    expect(found).toEqual(["A module's index.ts must not re-export its repository (pledges.repository.ts): expose a service function instead."]);
  }, 60_000);

  it('fail when a service or a route queries the database itself', async () => {
    const code = "import { eq } from 'drizzle-orm';\nimport { pledges } from '../../db/schema.ts';\nexport const x = [eq, pledges];\n";
    expect(await problems(code, 'apps/api/src/modules/pledges/probe.service.ts')).toHaveLength(2);
    expect(await problems(code, 'apps/api/src/modules/pledges/probe.routes.ts')).toHaveLength(2);
    expect(await problems(code, 'apps/api/src/modules/pledges/probe.repository.ts')).toEqual([]);
  }, 60_000);

  it('pass an import through the public face along the map, and leave tests free to reach in', async () => {
    expect(await problems("import { loadPayment } from '../payments/index.ts';\nexport const x = loadPayment;\n", 'apps/api/src/modules/billing/probe.ts')).toEqual([]);
    expect(
      await problems("import { listPledgePayments } from '../pledges/pledges.repository.ts';\nexport const x = listPledgePayments;\n", 'apps/api/src/modules/billing/probe.test.ts'),
    ).toEqual([]);
  }, 60_000);

  it('fail on a module folder the map does not know', async () => {
    const found = await problems('export const x = 1;\n', 'apps/api/src/modules/raffles/probe.ts');
    expect(found).toEqual(['Module "raffles" is not in the module map (eslint/api-modules.js): add it with the modules it may use, and to docs/architecture.md.']);
  }, 60_000);
});
