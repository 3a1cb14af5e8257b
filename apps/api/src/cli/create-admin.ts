// npm run create-admin -- --email admin@example.org   (then type the password at the prompt)
// printf '%s\n' "$ADMIN_PASSWORD" | npm run create-admin -- --email admin@example.org
// Creates or updates an activated admin in the same database `npm start` uses. The password is
// never an argument: the command line shows in the process list and in shell history.
import { createInterface } from 'node:readline/promises';
import { text } from 'node:stream/consumers';
import { emailSchema } from '@uplift/core/schemas/auth';
import { ensureAdmin, newPasswordProblem } from '../modules/auth/index.ts';
import { openRuntime } from '../runtime.ts';
import { readCommandLine, runCli } from './run-cli.ts';

const USAGE =
  'Usage: npm run create-admin -- --email <email>\n' +
  'The password (at least 8 characters, not one of the most common) is read from a prompt, or from the first line of stdin when it is piped.';

/** Reads a line from the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  process.stdout.write(question);
  // Echo nothing of what is typed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  try {
    return await rl.question('');
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
  const password = await promptHidden('Password for the admin: ');
  const again = await promptHidden('Type it again: ');
  if (again !== password) throw new Error('the two passwords differ');
  return password;
}

async function main(): Promise<number> {
  const line = readCommandLine(USAGE, { email: { type: 'string' }, password: { type: 'string' } });
  if (typeof line === 'number') return line;
  const { values } = line;
  if (values.password !== undefined) {
    console.error(`--password is not accepted: a password on the command line is visible in the process list and shell history.\n${USAGE}`);
    return 2;
  }
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) {
    console.error(`--email: ${email.error.issues[0]?.message}\n${USAGE}`);
    return 2;
  }
  let typed: string;
  try {
    typed = await readPassword();
  } catch (err) {
    console.error(`password: ${(err as Error).message}`);
    return 2;
  }
  // The rule every new password follows (length, and not one of the most common).
  const problem = newPasswordProblem(typed);
  if (problem) {
    console.error(`password: ${problem}\n${USAGE}`);
    return 2;
  }

  const runtime = await openRuntime({ pretty: false });
  try {
    const result = await ensureAdmin(runtime.db, { email: email.data!, password: typed }, new Date());
    const said = { created: 'Created the admin', updated: 'Updated the admin', unchanged: 'The admin is already set up:' }[result];
    console.log(`${said} ${email.data}`);
    return 0;
  } finally {
    await runtime.close();
  }
}

runCli('create-admin', main);
