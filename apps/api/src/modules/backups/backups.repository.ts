import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { backups } from '../../db/schema.ts';

export type NewBackupRow = typeof backups.$inferInsert;
export type BackupRow = typeof backups.$inferSelect;

export async function insertBackup(db: Executor, row: NewBackupRow): Promise<void> {
  await db.insert(backups).values(row);
}

/** The newest backups first. */
export async function selectRecentBackups(db: Executor, limit: number): Promise<BackupRow[]> {
  return db.select().from(backups).orderBy(desc(backups.started_at), desc(backups.id)).limit(limit);
}

/** Every table of the application's schema, with its row count, by name. */
export async function selectTableCounts(db: Executor): Promise<{ table: string; rows: number }[]> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: { table: string; rows: number }[] = [];
  for (const { name } of tables.rows) {
    const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts.push({ table: name, rows: result.rows[0]!.n });
  }
  return counts;
}

/** When the newest good backup finished, or null before the first. */
export async function selectLastGoodBackupAt(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ at: backups.finished_at }).from(backups).where(eq(backups.outcome, 'ok')).orderBy(desc(backups.finished_at)).limit(1);
  return row?.at ?? null;
}
