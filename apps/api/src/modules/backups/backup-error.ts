// The backups module answers no HTTP request (so it has no <module>.errors.ts list): its failures are for the person running
// `npm run backup` / `npm run restore` or reading the job's log. A BackupError's message is a plain
// sentence naming what to do; the command line prints it without a stack trace (cli/run-cli.ts).

export class BackupError extends Error {}
