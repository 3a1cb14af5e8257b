// `node scripts/look-shots.ts <out-dir> [light|dark|both] [axe]` (after `npm run build`): pictures of the
// screens decision 163 reworked, at 360 and 1280 px, for the decision record's before and after.
// The production app on a throwaway database with the demo data (scripts/throwaway-app.ts), plus a
// published challenge page with gifts, a team, and a demo donor who can sign in for /summary.
// Pictures are full-page, clipped at 2000 px high, and stored as palette PNGs to stay small. With
// `axe`, each screen is also checked with axe-core (WCAG 2 A and AA) in each colour scheme, and the
// violations are printed; the exit code is 1 if there were any.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { startThrowawayApp } from './throwaway-app.ts';

const OUT = path.resolve(process.argv[2] ?? 'look-shots');
const SCHEMES = process.argv[3] === 'both' ? (['light', 'dark'] as const) : process.argv[3] === 'dark' ? (['dark'] as const) : (['light'] as const);
const WIDTHS = [360, 1280] as const;
const MAX_HEIGHT = 2000;
const PASSWORD = 'look-shots-password-2026';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE = process.argv[4] === 'axe';
let violations = 0;

async function seed(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select p.id, p.user_id, p.campaign_id, p.recipient_id, p.confirmed_amount, u.email from pledges p join users u on u.id = p.user_id
        where p.pledge_status = 'Confirmed' order by p.id limit 1`,
    );
    const pledge = rows[0];
    await client.query(`update users set password_hash = $1 where id = $2`, [await hashPassword(PASSWORD), pledge.user_id]);
    const team = await client.query(`insert into teams (campaign_id, slug, name, story) values ($1, 'look-team', 'The Flat White Five', 'Five friends, one month without takeaway coffee.') returning id`, [pledge.campaign_id]);
    const page = await client.query(
      `insert into challenge_pages (user_id, pledge_id, campaign_id, slug, display_name, story, goal, published_at, on_leaderboard, team_id)
       values ($1, $2, $3, 'look-challenge', 'Aroha T.', $4, $5, now(), true, $6) returning id`,
      [pledge.user_id, pledge.id, pledge.campaign_id, 'A month without my flat white, for the kids. Back me if you can!', pledge.confirmed_amount * 2, team.rows[0].id],
    );
    await client.query(`update teams set captain_page_id = $1 where id = $2`, [page.rows[0].id, team.rows[0].id]);
    await client.query(
      `insert into gifts (page_id, campaign_id, recipient_id, amount, donor_name, donor_email, message, status, idempotency_key, client_key, created_at, settled_at)
       select $1, $2, $3, 1000 * g, 'Friend ' || g, 'friend' || g || '@example.org', 'Go Aroha!', 'succeeded', 'look-i-' || g, 'look-c-' || g, now(), now()
         from generate_series(1, 5) g`,
      [page.rows[0].id, pledge.campaign_id, pledge.recipient_id],
    );
    return pledge.email as string;
  } finally {
    await client.end();
  }
}

async function shoot(page: Page, file: string): Promise<void> {
  // Lazy pictures load as they scroll into view.
  await page.evaluate(async () => {
    for (let y = 0; y < Math.min(document.body.scrollHeight, 2400); y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 80));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
  const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  const meta = await sharp(png).metadata();
  const height = Math.min(meta.height ?? MAX_HEIGHT, MAX_HEIGHT);
  await sharp(png).extract({ left: 0, top: 0, width: meta.width!, height }).png({ palette: true, quality: 70, compressionLevel: 9 }).toFile(file);
}

const app = await startThrowawayApp({ logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const email = await seed(await app.databaseUrl());
  mkdirSync(OUT, { recursive: true });
  for (const scheme of SCHEMES) {
    const context = await browser.newContext({ baseURL: app.url, colorScheme: scheme, reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const screens: { name: string; path: string; signedIn?: boolean }[] = [
      { name: 'landing', path: '/?country=NZ' },
      { name: 'challenge-page', path: '/p/look-challenge' },
      { name: 'team-page', path: '/t/look-team' },
      { name: 'register', path: '/challenge' },
      { name: 'login', path: '/login' },
      { name: 'summary', path: '/summary', signedIn: true },
    ];
    for (const screen of screens) {
      if (screen.signedIn) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto('/login');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.waitForURL(/\/summary/);
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(screen.path);
        await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const file = path.join(OUT, `${screen.name}-${width}${scheme === 'dark' ? '-dark' : ''}.png`);
        await shoot(page, file);
        process.stdout.write(`${file}\n`);
        if (AXE) {
          const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
          for (const v of result.violations) {
            violations += 1;
            process.stdout.write(`  axe ${scheme} ${screen.path} ${width}px: ${v.id} (${v.nodes.length}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}\n`);
          }
        }
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
if (AXE) process.stdout.write(`axe: ${violations} violation(s)\n`);
if (violations) process.exitCode = 1;
