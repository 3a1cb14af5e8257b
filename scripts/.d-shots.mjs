import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4610';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await b.newContext({ baseURL: base });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
const r = page.request;
const j = async (res) => { if (!res.ok()) throw new Error(res.url() + ' ' + res.status() + ' ' + (await res.text())); return res.json(); };
const campaign = await j(await r.get('/api/campaign/closest/NZ'));
const [challenge] = await j(await r.get('/api/challenge/campaign/NZ'));
const recipients = await j(await r.get('/api/recipient/campaign/NZ'));
const email = `shots.${Date.now()}@example.org`;
await j(await r.post('/api/auth/register', { data: { first_name: 'Aroha', last_name: 'Ngata', user_address: '', country: 'NZ', email, password: 'a long passphrase here', terms_accepted: true, campaign_id: campaign.id, challenge_id: challenge.id, recipient_id: recipients[0].id, number_of_units: 5, cost_per_unit: 3.5, confirmed_amount: 70, period: 'weekly' } }));
const mails = await j(await r.get('/api/dev/mail'));
const m = mails.find((x) => x.to === email);
const token = decodeURIComponent(/activate\?token=([^\s&]+)/.exec(m.text)[1]);
await j(await r.get(`/api/auth/activate?activation_token=${encodeURIComponent(token)}`));
const { access_token } = await j(await r.post('/api/auth/login', { data: { email, password: 'a long passphrase here' } }));
const h = { authorization: `Bearer ${access_token}` };
const { client_secret } = await j(await r.get('/api/payment_method/secret', { headers: h }));
const setup = await j(await r.post('/api/test-provider/setup/confirm', { headers: h, data: { client_secret, number: '4242424242424242', exp_month: 4, exp_year: 2031, cvc: '123' } }));
const pm = await j(await r.post('/api/payment_method', { headers: h, data: { stripe_payment_method_id: setup.payment_method } }));
await j(await r.put('/api/pledge/confirmed', { headers: h, data: { payment_method_id: String(pm.id) } }));
console.log('billing start', campaign.billing_start_date);
if (process.argv[2] === 'bill') { const { execSync } = await import('node:child_process'); console.log(execSync(`DATA_DIR=/tmp/d-data EMBEDDED_PG_PORT=4611 DATABASE_URL= LOG_LEVEL=warn node_modules/.bin/node apps/api/src/cli/billing.ts --as-of ${campaign.billing_start_date}`).toString()); }
await page.goto('/'); await page.evaluate(() => localStorage.setItem('uplift.authenticated', 'true'));
for (const w of [360, 1280]) {
  await page.setViewportSize({ width: w, height: 900 });
  await page.goto('/summary'); await page.waitForTimeout(3000); await page.screenshot({ path: '/tmp/d-debug.png' }); console.log(page.url()); await page.getByText('Payment method').waitFor(); await page.getByText('Visa card ending').waitFor({ state: 'attached' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/d-summary-${w}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Cancel future pledge payments' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/d-dialog-${w}.png` });
  await page.keyboard.press('Escape');
}
await b.close();
