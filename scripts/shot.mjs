import { chromium } from '@playwright/test';
const [,, url, out, width] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const p = await b.newPage({ viewport: { width: Number(width ?? 1280), height: 900 } });
p.on('console', m => console.log('console:', m.type(), m.text()));
p.on('pageerror', e => console.log('pageerror:', e.message));
await p.goto(url); await p.waitForTimeout(1500);
await p.screenshot({ path: out, fullPage: true }); await b.close();
