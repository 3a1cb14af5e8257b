import { ConfigError } from '../config.ts';
import { EmbeddedDatabaseError } from '../db/embedded.ts';
import { BackupError } from '../modules/backups/index.ts';
/**
 * Runs a command-line tool's main and exits with its code; an unexpected error is printed with
 * the tool's name and exits 1, so scripts and schedulers see the failure.
 */
export function runCli(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      // A configuration or database-placement problem is a paragraph for people, not a stack trace.
      if (err instanceof ConfigError || err instanceof EmbeddedDatabaseError || err instanceof BackupError) console.error(`${name} failed: ${err.message}`);
      else console.error(`${name} failed:`, err);
      process.exit(1);
    },
  );
}
