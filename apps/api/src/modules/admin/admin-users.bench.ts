// npm run bench:users: how long a page of the admin user list takes over 10,000 users (sorted,
// deep, searched), beside the baseline of a bare `select 1` round-trip in the same run and the
// 1,000 ms bound the test used to assert. Not part of `npm test`: admin-users.test.ts checks the
// statements and their indexes deterministically (docs/decisions/103).
import { median, startBenchApp, timeEach } from '../../../../../scripts/bench-app.ts';
import { loadUsers } from './admin-scale.test-support.ts';
import { insertUser, signInAdmin } from './admin.test-support.ts';

const READS = 9;
const BOUND_MS = 1_000;
const PAGES: [string, string][] = [
  ['first page', ''],
  ['deep by name', '?sort=last_name&order=asc&page=60&page_size=100'],
  ['by email', '?sort=email&order=desc&page_size=100'],
  ['search name', '?search=wilson&sort=last_name&order=desc&page=3&page_size=20'],
  ['search one', '?search=donor9999%40example'],
];

const bench = await startBenchApp('2026-11-23T09:00:00.000Z');
try {
  const admin = await insertUser(bench, { role: 'admin', first_name: 'Bench', last_name: 'Admin' });
  const headers = { authorization: `Bearer ${(await signInAdmin(bench, admin)).access_token}` };
  process.stdout.write('Loading 10,000 users…\n');
  await loadUsers(bench.db);
  const page = (query: string) => async () => {
    const res = await bench.app.inject({ method: 'GET', url: `/api/auth/all_users${query}`, headers });
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  };
  for (const [, query] of PAGES) await page(query)(); // warm
  const line = (name: string, xs: number[], note = '') =>
    `  ${name.padEnd(13)} median ${median(xs).toFixed(1).padStart(6)} ms   (${xs.map((x) => x.toFixed(x < 10 ? 1 : 0)).join(', ')})   ${note}`;
  process.stdout.write(`Admin user list over 10,000 users, ${READS} reads each (bound ${BOUND_MS} ms per page):\n`);
  process.stdout.write(`${line('select 1', await timeEach(READS, () => bench.db.$client.query('select 1')), 'baseline: one database round-trip')}\n`);
  for (const [name, query] of PAGES) process.stdout.write(`${line(name, await timeEach(READS, page(query)), query)}\n`);
} finally {
  await bench.stop();
}
