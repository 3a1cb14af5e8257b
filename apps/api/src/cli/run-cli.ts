import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
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

type StringOptions = Record<string, { type: 'string' }>;
type Parsed<O extends StringOptions> = { values: { [K in keyof O]?: string }; positionals: string[] };

/**
 * A tool's command line: its string options (and positionals when `positionals` is set), with
 * --help / -h for every tool. Answers the exit code instead when the line was wrong (2, after
 * the reason and the usage) or help was asked (0, after the usage).
 */
export function readCommandLine<O extends StringOptions>(usage: string, options: O, { positionals = false } = {}): Parsed<O> | number {
  try {
    const config: ParseArgsOptionsConfig = { ...options, help: { type: 'boolean', short: 'h' } };
    const parsed = parseArgs({ options: config, allowPositionals: positionals, strict: true });
    if (parsed.values.help) {
      console.log(usage);
      return 0;
    }
    return parsed as unknown as Parsed<O>;
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return 2;
  }
}
