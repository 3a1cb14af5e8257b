// Backup file names and which of them retention keeps (docs/decisions/127-backups.md).
//   uplift-2026-11-26T020000Z-<first 16 hex of the file's SHA-256>.<kind>[.enc]
// kind: "pgdata.tar.gz" (a physical backup of the embedded server) or "dump" (pg_dump -Fc).
// The checksum in the name is what restore verifies before it reads anything else.

export type BackupKind = 'physical' | 'pg_dump';

export type BackupName = { name: string; takenAt: Date; checksum: string; kind: BackupKind; encrypted: boolean };

const PATTERN = /^uplift-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z-([0-9a-f]{16})\.(pgdata\.tar\.gz|dump)(\.enc)?$/;

const EXTENSION: Record<BackupKind, string> = { physical: 'pgdata.tar.gz', pg_dump: 'dump' };

/** "2026-11-26T020000Z": the UTC time, without characters a file system may refuse. */
export function stamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '');
}

export function backupFileName(at: Date, sha256Hex: string, kind: BackupKind, encrypted: boolean): string {
  return `uplift-${stamp(at)}-${sha256Hex.slice(0, 16)}.${EXTENSION[kind]}${encrypted ? '.enc' : ''}`;
}

/** The parts of a backup's file name, or undefined for any other name. */
export function parseBackupName(name: string): BackupName | undefined {
  const m = PATTERN.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, checksum, ext, enc] = m;
  const takenAt = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  if (Number.isNaN(takenAt.getTime())) return undefined;
  return { name, takenAt, checksum: checksum!, kind: ext === 'dump' ? 'pg_dump' : 'physical', encrypted: Boolean(enc) };
}

export const KEEP_DAILY = 14;
export const KEEP_WEEKLY = 8;

/** The ISO week of a UTC instant, as "2026-W48". */
export function isoWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7; // Monday 1 … Sunday 7
  d.setUTCDate(d.getUTCDate() + 4 - day); // the week's Thursday decides its year
  const year = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Which backup files to delete: kept are the newest backup of each of the last `daily` UTC days
 * that have one, and the newest backup of each of the last `weekly` ISO weeks that have one.
 * Names that are not backups are never returned.
 */
export function backupsToPrune(names: string[], keep: { daily: number; weekly: number } = { daily: KEEP_DAILY, weekly: KEEP_WEEKLY }): string[] {
  const backups = names
    .map(parseBackupName)
    .filter((b): b is BackupName => b !== undefined)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.name.localeCompare(a.name));
  const kept = new Set<string>();
  const newestOf = (period: (b: BackupName) => string, count: number) => {
    const seen = new Set<string>();
    for (const b of backups) {
      const key = period(b);
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      kept.add(b.name);
    }
  };
  newestOf((b) => b.takenAt.toISOString().slice(0, 10), keep.daily);
  newestOf((b) => isoWeek(b.takenAt), keep.weekly);
  return backups.filter((b) => !kept.has(b.name)).map((b) => b.name);
}
