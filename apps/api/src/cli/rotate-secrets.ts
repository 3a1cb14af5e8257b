// SECRETS_KEY=<old> NEW_SECRETS_KEY=<new> npm run rotate-secrets
// Re-encrypts every admin's TOTP secret from SECRETS_KEY to NEW_SECRETS_KEY in one transaction
// (all or none), then says to make the new key SECRETS_KEY and restart (docs/operations.md,
// docs/decisions/131-passkeys-and-secrets-at-rest.md). Run it again safely: values already under
// the new key are left alone.
import { parseArgs } from 'node:util';
import { rotateSecrets, SecretsKeyError, secretsKeyId } from '../modules/auth/index.ts';
import { openRuntime } from '../runtime.ts';
import { runCli } from './run-cli.ts';

const USAGE =
  'Usage: SECRETS_KEY=<current key> NEW_SECRETS_KEY=<new key> npm run rotate-secrets\n' +
  'Both keys are 32 random bytes in base64 (openssl rand -base64 32). Afterwards set SECRETS_KEY to the new key on every instance and restart.';

async function main(): Promise<number> {
  let values: { help?: boolean };
  try {
    ({ values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const runtime = await openRuntime({ pretty: false });
  try {
    const { secrets } = runtime.config;
    if (!secrets.newKey) {
      console.error(`NEW_SECRETS_KEY: required, the key to re-encrypt with\n${USAGE}`);
      return 2;
    }
    const n = await rotateSecrets(runtime.db, secrets.key, secrets.newKey);
    console.log(`Re-encrypted ${n} account(s) TOTP secrets from key ${secretsKeyId(secrets.key)} to key ${secretsKeyId(secrets.newKey)}. Now set SECRETS_KEY to the new key and restart.`);
    return 0;
  } catch (err) {
    if (!(err instanceof SecretsKeyError)) throw err;
    console.error(`rotate-secrets failed, nothing was changed: ${err.message}`);
    return 1;
  } finally {
    await runtime.close();
  }
}

runCli('rotate-secrets', main);
