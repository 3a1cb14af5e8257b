import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, type Db } from './client.ts';
import { runMigrations } from './migrate.ts';

describe('migrations', () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `m_${randomBytes(6).toString('hex')}`;
  const dbs: Db[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.$client.end();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('several instances starting at once on an empty database migrate it once, without failing', async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = adminUrl.replace(/\/[^/]+$/, `/${name}`);
    for (let i = 0; i < 3; i += 1) dbs.push(createDb(url, { max: 2 }));

    await Promise.all(dbs.map((db) => runMigrations(db)));

    const applied = await dbs[0]!.$client.query('select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(applied.rows[0].d);
    expect(applied.rows[0].n).toBeGreaterThan(5);
  });
});
