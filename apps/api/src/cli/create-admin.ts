// npm run create-admin -- --email admin@example.org --password '…'
// Creates or updates an activated admin in the same database `npm start` uses.
import { parseArgs } from 'node:util';
import { emailSchema, newPasswordSchema } from '@uplift/core/schemas/auth';
import { ensureAdmin } from '../modules/auth/admin-bootstrap.ts';
import { openRuntime } from '../runtime.ts';
import { runCli } from './run-cli.ts';

const USAGE = 'Usage: npm run create-admin -- --email <email> --password <password (at least 8 characters)>';

async function main(): Promise<number> {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const email = emailSchema.safeParse(values.email ?? '');
  const password = newPasswordSchema.safeParse(values.password ?? '');
  const problems = [
    ...(email.success ? [] : [`--email: ${email.error.issues[0]?.message}`]),
    ...(password.success ? [] : [`--password: ${password.error.issues[0]?.message}`]),
  ];
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n${USAGE}`);
    return 2;
  }

  const runtime = await openRuntime({ pretty: false });
  try {
    const result = await ensureAdmin(runtime.db, { email: email.data!, password: password.data! }, new Date());
    const said = { created: 'Created the admin', updated: 'Updated the admin', unchanged: 'The admin is already set up:' }[result];
    console.log(`${said} ${email.data}`);
    return 0;
  } finally {
    await runtime.close();
  }
}

runCli('create-admin', main);
