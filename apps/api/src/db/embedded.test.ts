import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from './embedded.ts';

const log = pino({ level: 'silent' });

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps data across a clean stop and start, and a second process joins the running server', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-embedded-'));
    await chmod(dataDir, 0o755);
    const port = 20000 + Math.floor(Math.random() * 20000);

    const first = await startEmbeddedDatabase({ dataDir, port, database: 'uplift', log });
    await query(first.url, 'create table kept (v text); insert into kept values ($$still here$$)');

    // A second opener (the CLI while the app runs) joins instead of starting another server.
    const joined = await startEmbeddedDatabase({ dataDir, port, database: 'uplift', log });
    expect(joined.url).toBe(first.url);
    expect(await query(joined.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await joined.stop(); // joining never stops the owner's server
    expect(await query(first.url, 'select count(*)::int as n from kept')).toEqual([{ n: 1 }]);

    await first.stop();
    await expect(query(first.url, 'select 1')).rejects.toThrow();

    const again = await startEmbeddedDatabase({ dataDir, port, database: 'uplift', log });
    expect(await query(again.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await again.stop();
  }, 60_000);
});
