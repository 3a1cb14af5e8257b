import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { planScans, statementsDuring, type Statement } from '../../test/statements.ts';
import { GENERATED_USERS as GENERATED, LAST_NAMES, loadUsers } from './admin-scale.test-support.ts';
import { adminAndUser, insertUser } from './admin.test-support.ts';

// How fast a page answers over 10,000 users is measured by `npm run bench:users`, not asserted
// here (docs/decisions/103): this file checks the answers and, deterministically, the statements
// the route sends and the indexes their plans use.

type UserRow = {
  id: number;
  first_name: string;
  last_name: string;
  country: string;
  opt_in_uplift_comms: boolean;
  opt_in_charity_comms: boolean;
  email: string;
  user_address: string;
  activated: boolean;
};
type Page = { users: UserRow[]; total: number; page: number; page_size: number };

describe('GET /api/auth/all_users over 10,000 users', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let total: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth } = await adminAndUser(ctx));
    await loadUsers(ctx.db);
    await insertUser(ctx, { first_name: 'Real', last_name: '100%_Sure', email: 'percent@example.org' });
    total = GENERATED + 3;
  });
  afterAll(async () => ctx.close());

  async function fetchPage(query: string): Promise<{ status: number; body: Page }> {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/all_users${query}`, headers: adminAuth });
    return { status: res.statusCode, body: res.json() };
  }

  /** The page's statements over users (its rows and its count), as the route really sends them. */
  async function pageStatements(query: string): Promise<{ rows: Statement; count: Statement }> {
    const sent = await statementsDuring(ctx.db, async () => expect((await fetchPage(query)).status).toBe(200));
    const overUsers = sent.filter((s) => /from "users"/.test(s.text) && !/"session_version"/.test(s.text));
    // The admin's session check, then the page's rows and its count, sent together: nothing per row.
    expect(sent).toHaveLength(3);
    expect(overUsers).toHaveLength(2);
    return { rows: overUsers.find((s) => !/count\(/.test(s.text))!, count: overUsers.find((s) => /count\(/.test(s.text))! };
  }

  it('answers the first page by id with the user table columns and nothing secret', async () => {
    const { status, body } = await fetchPage('');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total, page: 1, page_size: 25 });
    expect(body.users).toHaveLength(25);
    expect(body.users.map((u) => u.id)).toEqual([...body.users.map((u) => u.id)].sort((a, b) => a - b));
    expect(Object.keys(body.users[0]!).sort()).toEqual(
      ['activated', 'country', 'email', 'erased', 'first_name', 'id', 'last_name', 'opt_in_charity_comms', 'opt_in_uplift_comms', 'user_address', 'pledge_status', 'pledge_amount', 'pledge_campaign_id'].sort(),
    );
    const generated = body.users.find((u) => u.email === 'donor12@example.org')!;
    expect(generated).toMatchObject({
      first_name: 'Given12',
      last_name: LAST_NAMES[12 % LAST_NAMES.length],
      country: 'NZ',
      user_address: '12 Queen Street',
      activated: false,
      opt_in_uplift_comms: true,
      opt_in_charity_comms: false,
    });
  });

  it('pages through without overlap, to a short last page and an empty page beyond', async () => {
    const first = (await fetchPage('?page=1&page_size=100')).body;
    const second = (await fetchPage('?page=2&page_size=100')).body;
    expect(second).toMatchObject({ page: 2, page_size: 100, total });
    expect(second.users).toHaveLength(100);
    expect(second.users[0]!.id).toBeGreaterThan(first.users.at(-1)!.id);

    const lastPage = Math.ceil(total / 100);
    const last = (await fetchPage(`?page=${lastPage}&page_size=100`)).body;
    expect(last.users).toHaveLength(total - (lastPage - 1) * 100);
    const beyond = (await fetchPage(`?page=${lastPage + 1}&page_size=100`)).body;
    expect(beyond).toMatchObject({ users: [], total });
  });

  it('sorts by last name (case-insensitive, then first name), both ways, on deep pages too', async () => {
    const key = (u: UserRow) => [u.last_name.toLowerCase(), u.first_name.toLowerCase()] as const;
    const inOrder = (rows: UserRow[], dir: 1 | -1) =>
      rows.every((u, i) => {
        if (i === 0) return true;
        const [a1, a2] = key(rows[i - 1]!);
        const [b1, b2] = key(u);
        return dir * (a1 === b1 ? (a2 === b2 ? 0 : a2 < b2 ? -1 : 1) : a1 < b1 ? -1 : 1) <= 0;
      });

    const asc = (await fetchPage('?sort=last_name&order=asc&page_size=100')).body;
    expect(asc.users[0]!.last_name).toBe('100%_Sure');
    expect(asc.users[1]!.last_name).toBe('Admin');
    expect(inOrder(asc.users, 1)).toBe(true);

    const desc = (await fetchPage('?sort=last_name&order=desc&page_size=100')).body;
    expect(desc.users[0]!.last_name).toBe('Wilson');
    expect(inOrder(desc.users, -1)).toBe(true);

    const deep = (await fetchPage('?sort=last_name&order=asc&page=60&page_size=100')).body;
    expect(inOrder(deep.users, 1)).toBe(true);
    expect(deep.users).toHaveLength(100);
  });

  it('searches "last, first", "first last" and email, ignoring case, and counts the matches', async () => {
    const byShownName = (await fetchPage(`?search=${encodeURIComponent('smith, given1')}&page_size=100`)).body;
    // Given1, Given1x, Given1xx, Given1xxx… whose last name is Smith (i % 11 = 0).
    const expected = Array.from({ length: GENERATED }, (_, k) => k + 1).filter(
      (i) => i % LAST_NAMES.length === 0 && String(i).startsWith('1'),
    ).length;
    expect(byShownName.total).toBe(expected);
    expect(byShownName.users.every((u) => u.last_name === 'Smith' && u.first_name.startsWith('Given1'))).toBe(true);

    const byTypedName = (await fetchPage(`?search=${encodeURIComponent('GIVEN4321 ')}`)).body;
    expect(byTypedName.users.map((u) => u.email)).toEqual(['donor4321@example.org']);

    const byEmail = (await fetchPage('?search=donor9999%40example')).body;
    expect(byEmail).toMatchObject({ total: 1, users: [{ first_name: 'Given9999' }] });

    const none = (await fetchPage('?search=nobody-by-this-name')).body;
    expect(none).toEqual({ users: [], total: 0, page: 1, page_size: 25 });
  });

  it('searches through the trigram index (the route\'s expression matches the index\'s)', async () => {
    // At 10,000 users the whole table is a few hundred pages and the planner rightly scans it (or
    // walks the primary key for the page's order) for a search; the trigram index pays off at
    // 100,000 (decision 051's scale). What is deterministic is that the index serves the statements
    // the route sends: with table scans priced out, the count (which reads every match) and with
    // ordered index scans priced out too, the page, are read through users_search_trgm_idx.
    const planOf = async (statement: Statement, off: string[]) => {
      const client = await ctx.db.$client.connect();
      try {
        for (const setting of off) await client.query(`set ${setting} = off`);
        const plan = await client.query(`explain ${statement.text}`, statement.values);
        return plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
      } finally {
        await client.query('reset all');
        client.release();
      }
    };
    for (const search of ['given4321', 'smith%2C%20given1', 'donor9999%40example', 'wilson']) {
      const { rows, count } = await pageStatements(`?search=${search}`);
      expect(await planOf(count, ['enable_seqscan']), search).toContain('users_search_trgm_idx');
      expect(await planOf(rows, ['enable_seqscan', 'enable_indexscan']), search).toContain('users_search_trgm_idx');
    }
  });

  it('sorts each page from an index, and reads each row\'s pledge through pledges_user_idx', async () => {
    const sortedBy: [string, string][] = [
      ['', 'users_pkey'],
      ['?sort=id&order=desc&page=60&page_size=100', 'users_pkey'],
      ['?sort=last_name&order=asc&page=60&page_size=100', 'users_last_name_idx'],
      ['?sort=last_name&order=desc', 'users_last_name_idx'],
      ['?sort=email&order=desc', 'users_email_lower_key'],
      ['?search=wilson&sort=last_name&order=desc&page=3&page_size=20', 'users_last_name_idx'],
    ];
    for (const [query, index] of sortedBy) {
      const scans = await planScans(ctx.db, (await pageStatements(query)).rows);
      // Users in the index's order (a sort of the whole table would be Seq Scan + Sort); the
      // pledge beside each row by donor, never a scan of pledges.
      expect(scans.filter((s) => s.relation === 'users'), query).toEqual([expect.objectContaining({ index })]);
      expect(scans.filter((s) => s.relation === 'pledges').map((s) => s.node), query).not.toContain('Seq Scan');
      expect(scans.some((s) => s.index === 'pledges_user_idx'), query).toBe(true);
    }
  });

  it('treats % and _ in a search as plain characters', async () => {
    const exact = (await fetchPage(`?search=${encodeURIComponent('100%_')}`)).body;
    expect(exact.users.map((u) => u.email)).toEqual(['percent@example.org']);
    const underscore = (await fetchPage(`?search=${encodeURIComponent('_')}`)).body;
    expect(underscore.total).toBe(1);
  });

  it('combines search, sort and paging', async () => {
    const q = `?search=wilson&sort=last_name&order=desc&page=3&page_size=20`;
    const { body } = await fetchPage(q);
    const wilsons = Math.floor((GENERATED - 2) / LAST_NAMES.length) + 1; // i ≡ 2 (mod 11)
    expect(body.total).toBe(wilsons);
    expect(body.users).toHaveLength(20);
    expect(body.users.every((u) => u.last_name === 'Wilson')).toBe(true);
    // Same last name: first names descending.
    const firsts = body.users.map((u) => u.first_name.toLowerCase());
    expect(firsts).toEqual([...firsts].sort().reverse());
  });

  it('sorts by id descending and by email', async () => {
    const desc = (await fetchPage('?sort=id&order=desc&page_size=5')).body;
    expect(desc.users.map((u) => u.id)).toEqual([...desc.users.map((u) => u.id)].sort((a, b) => b - a));
    // Email order follows the database's collation (which may weigh '@' lightly), like its index.
    const byEmail = (await fetchPage('?sort=email&order=desc&page_size=3')).body;
    const expected = await ctx.db.execute<{ email: string }>(sql`select email from users order by lower(email) desc, id desc limit 3`);
    expect(byEmail.users.map((u) => u.email)).toEqual(expected.rows.map((r) => r.email));
    expect(byEmail.users[0]!.email).toMatch(/^user\d+\./); // 'user…' after every 'donor…' and 'percent…'
  });

  const invalid: [string, string][] = [
    ['?page=0', 'page must be a whole number of 1 or more'],
    ['?page=two', 'page must be a whole number of 1 or more'],
    ['?page_size=101', 'page_size must be a whole number from 1 to 100'],
    ['?page_size=1.5', 'page_size must be a whole number from 1 to 100'],
    ['?sort=password_hash', 'sort must be one of id, last_name, email, country'],
    ['?order=sideways', 'order must be asc or desc'],
    [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters long'],
  ];
  for (const [query, message] of invalid) {
    it(`refuses ${query.slice(0, 30)} with "${message}"`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/all_users${query}`, headers: adminAuth });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });
  }
});
