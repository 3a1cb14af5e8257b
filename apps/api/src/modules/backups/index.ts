// The backups module's public face: what the jobs and the CLI may use (docs/architecture.md).
export { backupFileName, backupsToPrune, isoWeek, parseBackupName, KEEP_DAILY, KEEP_WEEKLY, type BackupKind } from './backup-files.ts';
export { BackupError } from './backup-error.ts';
export { reconcileNotice } from './reconcile.ts';
export {
  backupFacts,
  backupKind,
  listBackups,
  pruneBackups,
  restoreBackup,
  summariseDatabase,
  takeBackup,
  type BackupDeps,
  type DatabaseSummary,
  type RestoreResult,
  type RestoreTarget,
  type TakenBackup,
} from './backups.service.ts';
