import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectJson } from './donor.ts';

// The one place the end-to-end tests sign in as an admin, in the browser or through the API:
// password, then the second factor (docs/decisions/077). The first sign-in of an admin enrols it;
// this file plays the admin's phone, keeping the TOTP secret it was shown for later sign-ins.

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@uplift.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-123',
};

type Admin = typeof ADMIN;

/**
 * The server's clock: the real one, unless the app runs on a test clock (TEST_CLOCK_START), when
 * the spec passes an estimate of it (a few seconds ahead: it starts before the app does). The
 * server takes the code of its current 30-second step or of the one before, never of the next
 * (docs/decisions/123).
 */
export type ServerClock = () => Date;
const realClock: ServerClock = () => new Date();

const STEP_MS = 30_000;
type Phone = { secret: string; lastStep: number };

// Kept beside the app's data (removed with it), per app and admin: specs run one at a time.
function phoneFile(baseUrl: string, email: string): string {
  const dir = process.env.E2E_DATA_DIR ? path.dirname(process.env.E2E_DATA_DIR) : path.join(tmpdir(), 'uplift-e2e');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `totp-${createHash('sha256').update(`${baseUrl} ${email}`).digest('hex').slice(0, 16)}.json`);
}

function readPhone(baseUrl: string, email: string): Phone {
  return JSON.parse(readFileSync(phoneFile(baseUrl, email), 'utf8')) as Phone;
}

function savePhone(baseUrl: string, email: string, phone: Phone): void {
  writeFileSync(phoneFile(baseUrl, email), JSON.stringify(phone));
}

/** The TOTP code for one time step, as an authenticator app computes it. */
export function codeAtStep(secret: string, step: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: STEP_MS / 1000, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });
}

/**
 * A code the server has not seen yet: the server never takes a step twice, so sign-ins close
 * together use the previous step and the current one, and wait for a new one only when those are
 * used. An estimated clock may be a step ahead of the server's: it keeps to the previous step.
 */
export async function nextCode(phone: Phone, clock: ServerClock = realClock): Promise<string> {
  const current = () => Math.floor(clock().getTime() / STEP_MS);
  const newest = () => current() - (clock === realClock ? 0 : 1);
  let step = Math.max(current() - 1, phone.lastStep + 1);
  // The previous step's code stays good only until the current step ends: on a loaded machine the
  // form may reach the server after that, so near the turn wait for the next step and use this one.
  const leftInStep = () => STEP_MS - (clock().getTime() % STEP_MS);
  if (step < current() && leftInStep() < 10_000) {
    const turning = current();
    while (current() === turning) await new Promise((r) => setTimeout(r, 500));
    step = Math.max(step, current() - 1);
  }
  while (step > newest()) await new Promise((r) => setTimeout(r, 1000));
  phone.lastStep = step;
  return codeAtStep(phone.secret, step);
}

/** Enrols on the /two-factor page: reads the key under the QR code, types its first code, keeps the recovery codes. */
async function enrolInBrowser(page: Page, admin: Admin, baseUrl: string, clock: ServerClock): Promise<string[]> {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await page.locator('.two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  const phone: Phone = { secret, lastStep: 0 };
  await page.getByLabel('Code from your app').fill(await nextCode(phone, clock));
  savePhone(baseUrl, admin.email, phone);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole('button', { name: /continue/ }).click();
  return recoveryCodes;
}

/**
 * Signs an admin in through the login form and the second factor (enrolling at the first sign-in)
 * and waits until the app has left /login and /two-factor. Answers the recovery codes when it enrolled.
 */
export async function logInAsAdmin(page: Page, admin = ADMIN, clock: ServerClock = realClock): Promise<string[] | undefined> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/two-factor/);
  const baseUrl = new URL(page.url()).origin;
  let recoveryCodes: string[] | undefined;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Set up two-factor sign-in|Enter your code/);
  if ((await page.getByRole('heading', { level: 1 }).textContent()) === 'Set up two-factor sign-in') {
    recoveryCodes = await enrolInBrowser(page, admin, baseUrl, clock);
  } else {
    const phone = readPhone(baseUrl, admin.email);
    await page.getByLabel('Authentication code').fill(await nextCode(phone, clock));
    savePhone(baseUrl, admin.email, phone);
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).not.toHaveURL(/\/(login|two-factor)/);
  return recoveryCodes;
}

/**
 * An admin access token from the API, past the second factor (enrolling at the first sign-in);
 * the refresh cookie lands in the request context's jar.
 */
export async function adminAccessToken(request: APIRequestContext, admin = ADMIN, clock: ServerClock = realClock): Promise<string> {
  const signedIn = await expectJson<{ access_token: string; two_factor?: 'enrol' | 'code' }>(await request.post('/api/auth/login', { data: admin }));
  const headers = { authorization: `Bearer ${signedIn.access_token}` };
  const baseUrl = new URL((await request.get('/api/health')).url()).origin;
  if (signedIn.two_factor === 'enrol') {
    const { secret } = await expectJson<{ secret: string }>(await request.post('/api/auth/two-factor/enrolment', { headers }));
    const phone: Phone = { secret, lastStep: 0 };
    const code = await nextCode(phone, clock);
    savePhone(baseUrl, admin.email, phone);
    return (await expectJson<{ access_token: string }>(await request.post('/api/auth/two-factor/enrolment/confirm', { headers, data: { code } }))).access_token;
  }
  const phone = readPhone(baseUrl, admin.email);
  const code = await nextCode(phone, clock);
  savePhone(baseUrl, admin.email, phone);
  return (await expectJson<{ access_token: string }>(await request.post('/api/auth/two-factor/verify', { headers, data: { code } }))).access_token;
}

/** npm run create-admin -- --email …, the password typed on stdin, against the app's own database. */
export function createAdmin(admin: Admin): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/api/src/cli/create-admin.ts', '--email', admin.email], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: process.env.E2E_DATA_DIR!, EMBEDDED_PG_PORT: process.env.E2E_PG_PORT!, LOG_LEVEL: 'warn' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
    child.stdin.end(`${admin.password}\n`);
  });
}
