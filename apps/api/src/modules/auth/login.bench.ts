// npm run bench:login: a failed login's time for a known email (wrong password) and an unknown
// one, beside the baseline. They should match: both derive one scrypt key (the unknown email
// against a dummy hash). Not part of `npm test`: auth.login-equal-work.test.ts counts the
// derivations deterministically.
import { median, startBenchApp, timeEach } from '../../../../../scripts/bench-app.ts';
import { hashPassword } from './password.ts';

const LOGINS = 7;
/** The earlier timed test's bound: each median within half to twice the other (scrypt ~0.1–0.5 s). */
const BASELINE = { minRatio: 0.5, maxRatio: 2 };

const bench = await startBenchApp('2026-11-23T09:00:00.000Z');
try {
  const email = 'bench.login@example.org';
  await bench.db.$client.query(
    `insert into users (first_name, last_name, email, country, password_hash, activated) values ('Bench', 'Login', $1, 'NZ', $2, true)`,
    [email, await hashPassword('the right password')],
  );
  const login = (address: string) => async () => {
    const res = await bench.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: address, password: 'wrong password' } });
    if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}`);
  };
  // Warm both paths (the dummy hash is made on the first unknown email).
  await login(email)();
  await login('nobody@example.org')();
  const known = await timeEach(LOGINS, login(email));
  const unknown = await timeEach(LOGINS, login('nobody@example.org'));
  const ratio = median(unknown) / median(known);
  const line = (name: string, xs: number[]) => `  ${name.padEnd(14)} median ${median(xs).toFixed(0).padStart(5)} ms   (${xs.map(Math.round).join(', ')})`;
  process.stdout.write(`Failed logins, ${LOGINS} each:\n${line('known email', known)}\n${line('unknown email', unknown)}\n`);
  process.stdout.write(`  unknown / known ${ratio.toFixed(2)}   baseline 1.00, bound ${BASELINE.minRatio}–${BASELINE.maxRatio}\n`);
} finally {
  await bench.stop();
}
