import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigError } from '../config.ts';
import { isDatabaseUnavailable } from '../db/pg-errors.ts';
import { EmbeddedDatabaseError } from '../db/embedded.ts';
import { BackupError } from '../modules/backups/index.ts';
/** The driver's own words for why the database is away ("connect ECONNREFUSED 127.0.0.1:5432"), never a failed query's text. */
function reasonOf(err: unknown): string {
  let reason = '';
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const inner = e instanceof AggregateError && e.errors[0] instanceof Error ? e.errors[0] : e;
    if (inner.message && !inner.message.startsWith('Failed query')) reason = inner.message;
  }
  return reason.split('\n')[0]!.slice(0, 200);
}

/** One line for a database that cannot be reached or went away: what happened, and what to do. */
export function databaseAwayLine(name: string, err: unknown, note?: string): string {
  const reason = reasonOf(err);
  return (
    `${name} failed: the database cannot be reached or went away${reason ? ` (${reason})` : ''}. ` +
    `Check that PostgreSQL is running and that DATABASE_URL (or DATA_DIR) points to it, then run ${name} again.${note ? ` ${note}` : ''}`
  );
}

/**
 * Runs a command-line tool's main and exits with its code; an unexpected error is printed with
 * the tool's name and exits 1, so scripts and schedulers see the failure. A database that cannot
 * be reached, or goes away during the run, is one line without a stack (docs/decisions/153);
 * `whenDatabaseAway` adds what the tool's own work is left as.
 */
export function runCli(name: string, main: () => Promise<number>, opts: { whenDatabaseAway?: string } = {}): void {
  const fail = (err: unknown) => {
    // A configuration or database-placement problem is a paragraph for people, not a stack trace.
    if (isDatabaseUnavailable(err)) console.error(databaseAwayLine(name, err, opts.whenDatabaseAway));
    else if (err instanceof ConfigError || err instanceof EmbeddedDatabaseError || err instanceof BackupError) console.error(`${name} failed: ${err.message}`);
    else console.error(`${name} failed:`, err);
    process.exit(1);
  };
  // A connection that breaks outside any query (an idle client's error event) ends the run the same way.
  process.once('uncaughtException', fail);
  main().then((code) => process.exit(code), fail);
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
