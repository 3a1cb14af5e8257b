import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { backupFileName, backupsToPrune, isoWeek, parseBackupName } from './backup-files.ts';
import { pruneBackups } from './backups.service.ts';

const DAY = 86_400_000;

/** One backup a day at 02:00 UTC for `days` days up to and including 2026-11-26 (a Thursday). */
function daily(days: number, opts: { at?: string; checksum?: string } = {}): string[] {
  const last = Date.parse(`2026-11-26T${opts.at ?? '02:00:00'}Z`);
  return Array.from({ length: days }, (_, i) => backupFileName(new Date(last - i * DAY), (opts.checksum ?? 'ab').repeat(32), 'physical', false));
}

const day = (name: string) => parseBackupName(name)!.takenAt.toISOString().slice(0, 10);

describe('backup file names', () => {
  it('carry the UTC time and the first 16 hex digits of the checksum, and parse back', () => {
    const name = backupFileName(new Date('2026-11-26T02:00:07.123Z'), 'f'.repeat(64), 'pg_dump', true);
    expect(name).toBe('uplift-2026-11-26T020007Z-ffffffffffffffff.dump.enc');
    expect(parseBackupName(name)).toEqual({
      name,
      takenAt: new Date('2026-11-26T02:00:07Z'),
      checksum: 'ffffffffffffffff',
      kind: 'pg_dump',
      encrypted: true,
    });
    expect(parseBackupName('uplift-2026-11-26T020007Z-ffffffffffffffff.pgdata.tar.gz')).toMatchObject({ kind: 'physical', encrypted: false });
    for (const other of ['notes.txt', 'uplift-2026-11-26T020007Z-fff.dump', 'uplift-2026-13-26T020007Z-ffffffffffffffff.dump', '.partial-0a1b2c']) {
      expect(parseBackupName(other)).toBeUndefined();
    }
  });

  it('ISO weeks start on Monday and the week of 1 January can belong to the year before', () => {
    expect(isoWeek(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48'); // Monday
    expect(isoWeek(new Date('2026-11-29T23:59:59Z'))).toBe('2026-W48'); // Sunday
    expect(isoWeek(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2025-12-29T12:00:00Z'))).toBe('2026-W01');
  });
});

describe('retention: 14 daily and 8 weekly backups', () => {
  it('keeps everything while there are 14 days or fewer', () => {
    expect(backupsToPrune(daily(14))).toEqual([]);
  });

  it('after 100 daily backups keeps the last 14 days and the newest of each of the last 8 ISO weeks', () => {
    const names = daily(100);
    const pruned = new Set(backupsToPrune(names));
    const kept = names.filter((n) => !pruned.has(n)).map(day).sort();
    const last14 = names.slice(0, 14).map(day).sort();
    // The 8 newest weeks: W48 (this week, its newest is today) back to W41; a week's newest is its Sunday.
    const weeklies = ['2026-10-11', '2026-10-18', '2026-10-25', '2026-11-01', '2026-11-08', '2026-11-15', '2026-11-22', '2026-11-26'];
    expect(kept).toEqual([...new Set([...weeklies, ...last14])].sort());
    expect(kept).toHaveLength(14 + 5); // W48, W47 and W46's Sundays are inside the 14 days
    expect(kept.every((d) => d >= '2026-10-11')).toBe(true);
    expect(pruned.size).toBe(100 - 19);
  });

  it('keeps the newest backup of a day and prunes an older one of the same day', () => {
    const morning = daily(1, { at: '02:00:00', checksum: '11' })[0]!;
    const manual = daily(1, { at: '15:30:00', checksum: '22' })[0]!;
    expect(backupsToPrune([morning, manual])).toEqual([morning]);
  });

  it('counts days that have a backup, not calendar days: a gap of failed nights loses nothing', () => {
    const names = daily(40).filter((_, i) => i < 3 || i >= 20); // nothing for 17 nights
    const pruned = backupsToPrune(names);
    const kept = names.filter((n) => !pruned.includes(n)).map(day);
    expect(kept.slice(0, 14)).toEqual(names.slice(0, 14).map(day));
  });

  it('never deletes files that are not backups, and pruneBackups deletes only what retention drops', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'uplift-prune-'));
    try {
      const names = daily(30);
      for (const name of [...names, 'README.txt', '.partial-abc']) await writeFile(path.join(dir, name), 'x');
      const pruned = await pruneBackups({ log: pino({ level: 'silent' }), config: { backup: { dir, passphrase: undefined, schedule: '0 2 * * *' } } });
      expect(pruned).toEqual(backupsToPrune(names));
      expect((await readdir(dir)).sort()).toEqual([...names.filter((n) => !pruned.includes(n)), 'README.txt', '.partial-abc'].sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
