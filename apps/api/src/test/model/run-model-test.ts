// `npm run test:model -- --runs N [--seed S] [--each] [--only WORDS] [--time-limit-s T]`: the money model test
// (docs/decisions/149-money-model-test.md) with more sequences than `npm test` runs. The options
// reach the test as MODEL_* environment variables (`--only` picks the groups whose name has WORDS,
// with `--each`); the test file is run alone, by vitest.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, seed: { type: 'string' }, each: { type: 'boolean' }, only: { type: 'string' }, 'time-limit-s': { type: 'string' } },
});
const env: Record<string, string> = { MODEL_RUNS: values.runs ?? '25' };
if (values.seed) env.MODEL_SEED = values.seed;
if (values.each) env.MODEL_EACH = '1';
if (values['time-limit-s']) env.MODEL_TIME_LIMIT_MS = String(Number(values['time-limit-s']) * 1000);
for (const [k, v] of Object.entries(env)) if (!/^\d+$/.test(v)) throw new Error(`${k} must be a whole number, not "${v}"`);

const root = path.resolve(import.meta.dirname, '../../../../..');
const result = spawnSync(path.join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'api', 'apps/api/src/test/model/money-surfaces.model.test.ts', ...(values.only ? ['-t', values.only] : [])], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...env },
});
process.exit(result.status ?? 1);
