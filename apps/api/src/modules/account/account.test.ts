import { MSG } from '@uplift/core/messages';
import { asMinor } from '@uplift/core/money';
import ICAL from 'ical.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents, mails, paymentAttempts, paymentMethods, payments, pledges, refreshTokens, refunds, users } from '../../db/schema.ts';
import { MIGRATIONS_DIR } from '../../db/migrate.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { listUsers } from '../admin/admin-users.repository.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { campaignFigures as selectReportFigures } from '../payments/index.ts';
import { insertAuthToken, setPasswordHash } from '../auth/auth.repository.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { refreshCookieOf, registration, seedOpenCampaign, signUp, startSmtpServer, tokenIn } from '../auth/auth.test-support.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { bill, createCampaign, createConfirmedPledge, fakeProvider, paymentRows, softlyDeclined, tokenFor } from '../billing/billing.test-support.ts';
import { selectCampaignTotals } from '../totals/index.ts';
import { pdfText } from './account.test-support.ts';

// The donor's account area on a real PostgreSQL and a real SMTP server (decision 083).

const PASSWORD = 'a long and memorable passphrase';

describe('my account', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const provider = fakeProvider();
  const detached: string[] = [];
  provider.detachPaymentMethod = async (id) => {
    detached.push(id);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({
      payments: provider,
      env: { SMTP_URL: smtp.url, APP_URL: 'https://uplift.example', RECEIPT_IRD_NUMBER: '123-456-789', RECEIPT_CHARITIES_NUMBER: 'CC12345', RECEIPT_SIGNATORY_NAME: 'Jane Smith', RECEIPT_SIGNATORY_TITLE: 'Chair of Trustees' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const get = async (url: string, userId: number) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await tokenFor(ctx, userId)}` } });
  const send = async (method: 'POST' | 'PUT' | 'PATCH', url: string, userId: number, payload: object) =>
    ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${await tokenFor(ctx, userId)}` } });

  async function donorWithPassword(country: 'NZ' | 'UK', campaignId: number, firstName = 'Aroha') {
    const made = await createConfirmedPledge(ctx.db, { campaignId, country });
    await ctx.db.update(users).set({ first_name: firstName, last_name: 'Ngata', user_address: '12 Kōwhai Road, Wellington' }).where(eq(users.id, made.user.id));
    await setPasswordHash(ctx.db, made.user.id, await hashPassword(PASSWORD), new Date());
    return made;
  }

  describe('receipt numbers', () => {
    it('are given by the database when a payment becomes Success: per country and year, in sequence', async () => {
      const nz = await createCampaign(ctx.db, { country: 'NZ' });
      const uk = await createCampaign(ctx.db, { country: 'UK' });
      const a = await createConfirmedPledge(ctx.db, { campaignId: nz.id, country: 'NZ' });
      const b = await createConfirmedPledge(ctx.db, { campaignId: uk.id, country: 'UK' });
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, a.payments[0]!.id));
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, a.payments[1]!.id));
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, b.payments[0]!.id));
      // A failed payment gets none; a Success set again keeps its number.
      await ctx.db.update(payments).set({ payment_status: 'Failed' }).where(eq(payments.id, a.payments[2]!.id));
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, a.payments[0]!.id));
      const numbers = await ctx.db.select({ id: payments.id, n: payments.receipt_number }).from(payments).where(sql`${payments.receipt_number} is not null`);
      const byId = new Map(numbers.map((r) => [r.id, r.n]));
      expect(byId.get(a.payments[0]!.id)).toMatch(/^NZ-2026-\d{6}$/);
      const first = Number(byId.get(a.payments[0]!.id)!.slice(-6));
      expect(byId.get(a.payments[1]!.id)).toBe(`NZ-2026-${String(first + 1).padStart(6, '0')}`);
      expect(byId.get(b.payments[0]!.id)).toBe('UK-2026-000001');
      expect(byId.has(a.payments[2]!.id)).toBe(false);
    });

    it('stay unique and gap-free when many payments succeed at once, and a rolled-back one gives its number back', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ', billingStart: '2027-01-04', start: '2027-01-01', end: '2027-01-31' });
      const pledgesMade = await Promise.all(Array.from({ length: 10 }, () => createConfirmedPledge(ctx.db, { campaignId: campaign.id })));
      const ids = pledgesMade.flatMap((p) => p.payments.map((x) => x.id));
      // A transaction that takes a number and rolls back.
      await expect(
        ctx.db.transaction(async (tx) => {
          await tx.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, ids[0]!));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // 40 payments set to Success concurrently, one statement each, over the pool's connections.
      await Promise.all(ids.map((id) => ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, id))));
      const rows = await ctx.db.select({ n: payments.receipt_number }).from(payments).where(sql`${payments.id} in ${ids}`);
      const numbers = rows.map((r) => Number(r.n!.slice(-6))).sort((x, y) => x - y);
      expect(rows.every((r) => r.n!.startsWith('NZ-2027-'))).toBe(true);
      expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });
  });

  describe('PDF receipt', () => {
    it('lists each payment with its receipt number, the total, the charity and, in NZ, the tax credit wording', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ' });
      const donor = await donorWithPassword('NZ', campaign.id);
      const before = await get(`/api/account/pledges/${donor.pledge.id}/receipt.pdf`, donor.user.id);
      expect(before.statusCode).toBe(404);
      await bill(ctx, provider, { asOf: '2026-11-30' });
      const res = await get(`/api/account/pledges/${donor.pledge.id}/receipt.pdf`, donor.user.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('.pdf');
      const text = await pdfText(res.rawPayload);
      const [p1, p2] = await ctx.db.select().from(payments).where(eq(payments.pledge_id, donor.pledge.id)).orderBy(payments.processing_date);
      expect(text).toContain('Donation receipt');
      expect(text).toContain('Aroha Ngata');
      expect(text).toContain('12 Kōwhai Road, Wellington');
      expect(text).toContain(p1!.receipt_number!);
      expect(text).toContain(p2!.receipt_number!);
      expect(text).toContain('Monday 23 November 2026');
      expect(text).toContain('$17.50 NZD');
      expect(text).toContain('$35.00 NZD');
      expect(text).toContain(donor.recipient.recipient_name);
      expect(text).toContain('IRD number: 123-456-789');
      expect(text).toContain('CC12345');
      expect(text).toContain('Jane Smith, Chair of Trustees');
      expect(text.replace(/\s+/g, ' ')).toContain('claim a donation tax credit');
    });

    it('for a UK donor carries no NZ tax wording and says why there is no Gift Aid', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'UK' });
      const donor = await donorWithPassword('UK', campaign.id, 'Oliver');
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, donor.payments[0]!.id));
      const res = await get(`/api/account/pledges/${donor.pledge.id}/receipt.pdf`, donor.user.id);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Oliver Ngata');
      expect(text).toContain('£17.50 GBP');
      expect(text).not.toContain('IRD');
      expect(text).not.toContain('tax credit');
      expect(text).toContain('not eligible for Gift Aid');
    });

    it('the account page names each receipt by what was charged, fee cover included, as the PDF does (decision 144)', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'UK' });
      const donor = await donorWithPassword('UK', campaign.id, 'Oliver');
      await ctx.db.update(payments).set({ amount: asMinor(1600), fee_cover: asMinor(68) }).where(eq(payments.pledge_id, donor.pledge.id));
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, donor.payments[0]!.id));
      const account = (await get('/api/account', donor.user.id)).json();
      const mine = account.pledges.find((p: { id: number }) => p.id === donor.pledge.id);
      expect(mine.receipts.map((r: { amount_minor: number }) => r.amount_minor)).toEqual([1668]);
      const text = await pdfText((await get(`/api/account/pledges/${donor.pledge.id}/receipt.pdf`, donor.user.id)).rawPayload);
      expect(text).toContain('£16.68 GBP');
      const exported = (await get('/api/account/export', donor.user.id)).json();
      expect(exported.payments.filter((p: { pledge_id: number }) => p.pledge_id === donor.pledge.id).map((p: { amount: number; fee_cover: number }) => [p.amount, p.fee_cover])).toEqual(
        Array(4).fill([16, 0.68]),
      );
    });

    it('prints macrons as written: a receipt for Tāne Mahuta of Mōhua, Aotearoa', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ' });
      const donor = await donorWithPassword('NZ', campaign.id, 'Tāne');
      // The street is typed with a combining macron (O + U+0304), as some keyboards send it.
      await ctx.db.update(users).set({ last_name: 'Mahuta', user_address: '1 O\u0304taki Street, Mōhua, Aotearoa' }).where(eq(users.id, donor.user.id));
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, donor.payments[0]!.id));
      const text = await pdfText((await get(`/api/account/pledges/${donor.pledge.id}/receipt.pdf`, donor.user.id)).rawPayload);
      expect(text).toContain('Tāne Mahuta');
      expect(text).toContain('1 Ōtaki Street, Mōhua, Aotearoa');
      expect(text).not.toContain('Tane');
    });

    it("is another donor's to no one: 404", async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ' });
      const a = await donorWithPassword('NZ', campaign.id);
      const b = await donorWithPassword('NZ', campaign.id);
      expect((await get(`/api/account/pledges/${a.pledge.id}/receipt.pdf`, b.user.id)).statusCode).toBe(404);
      expect((await get(`/api/account/pledges/${a.pledge.id}/calendar.ics`, b.user.id)).statusCode).toBe(404);
    });

    it('is attached to the final payment’s receipt mail', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ', billingStart: '2026-10-26', start: '2026-10-20', end: '2026-11-25' });
      const donor = await donorWithPassword('NZ', campaign.id);
      await bill(ctx, provider, { asOf: '2026-11-23' });
      const sent = await ctx.db.select().from(mails).where(eq(mails.to_address, donor.user.email)).orderBy(mails.id);
      const receipts = sent.filter((m) => m.kind === 'payment-receipt');
      expect(receipts).toHaveLength(4);
      // Billing settles a pledge's due payments together, so the mails' order is not the payments'.
      const withPdf = receipts.filter((m) => m.attachments !== null);
      expect(withPdf).toHaveLength(1);
      expect(withPdf[0]!.text_body).toContain('4 of 4');
      const [pdf] = withPdf[0]!.attachments!;
      expect(pdf!.contentType).toBe('application/pdf');
      const text = await pdfText(Buffer.from(pdf!.content, 'base64'));
      expect(text).toContain('$70.00 NZD');
    });
  });

  describe('calendar', () => {
    it('has one all-day event per remaining payment on its date, with UIDs that stay the same', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ', billingStart: '2026-11-20', start: '2026-11-15', end: '2026-12-20' });
      const donor = await donorWithPassword('NZ', campaign.id);
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, donor.payments[0]!.id));
      const res = await get(`/api/account/pledges/${donor.pledge.id}/calendar.ics`, donor.user.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      const cal = new ICAL.Component(ICAL.parse(res.body));
      const events = cal.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
      const remaining = donor.payments.slice(1).map((p) => p.processing_date);
      expect(events.map((e) => e.startDate.toString())).toEqual(remaining);
      expect(events.every((e) => e.startDate.isDate)).toBe(true);
      expect(events[0]!.summary).toContain('$17.50 NZD');
      const again = new ICAL.Component(ICAL.parse((await get(`/api/account/pledges/${donor.pledge.id}/calendar.ics`, donor.user.id)).body));
      expect(again.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).uid)).toEqual(events.map((e) => e.uid));
      expect(new Set(events.map((e) => e.uid)).size).toBe(3);
    });
  });

  describe('details and password', () => {
    it('corrects name and address in place', async () => {
      const campaign = await createCampaign(ctx.db);
      const donor = await donorWithPassword('NZ', campaign.id);
      const res = await send('PATCH', '/api/account/profile', donor.user.id, { first_name: 'Mere', last_name: 'Ngata', user_address: '3 Rata St' });
      expect(res.statusCode).toBe(200);
      const account = (await get('/api/account', donor.user.id)).json();
      expect(account).toMatchObject({ first_name: 'Mere', last_name: 'Ngata', user_address: '3 Rata St' });
      expect((await send('PATCH', '/api/account/profile', donor.user.id, { first_name: '', last_name: 'x', user_address: '' })).statusCode).toBe(400);
    });

    it('changes the email only when the link mailed to the new address is used', async () => {
      const campaign = await createCampaign(ctx.db);
      const donor = await donorWithPassword('NZ', campaign.id);
      expect((await send('POST', '/api/account/email', donor.user.id, { new_email: 'new@example.org', password: 'wrong password' })).statusCode).toBe(403);
      const res = await send('POST', '/api/account/email', donor.user.id, { new_email: 'New.Address@Example.org', password: PASSWORD });
      expect(res.statusCode).toBe(202);
      const account = (await get('/api/account', donor.user.id)).json();
      expect(account.email).toBe(donor.user.email);
      expect(account.pending_email).toBe('new.address@example.org');
      const bad = await ctx.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token: 'x'.repeat(43) } });
      expect(bad.statusCode).toBe(400);
      const token = tokenIn(smtp.last('new.address@example.org', /Confirm your new/));
      const ok = await ctx.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
      expect(ok.statusCode).toBe(200);
      expect((await get('/api/account', donor.user.id)).json().email).toBe('new.address@example.org');
      const again = await ctx.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
      expect(again.statusCode).toBe(400);
    });

    it('confirming a change of email ends the other sign-ins at once, keeps the confirming one, and tells the old address', async () => {
      const campaign = await createCampaign(ctx.db);
      const donor = await donorWithPassword('NZ', campaign.id, 'Tama');
      const oldEmail = donor.user.email;
      const signIn = async () => {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: oldEmail, password: PASSWORD } });
        expect(res.statusCode, res.body).toBe(200);
        return { headers: { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` }, cookie: refreshCookieOf(res)!.value };
      };
      const refreshWith = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { '__Host-uplift_refresh': cookie } });
      const [here, there] = [await signIn(), await signIn()];
      const asked = await ctx.app.inject({ method: 'POST', url: '/api/account/email', headers: here.headers, payload: { new_email: 'tama.new@example.org', password: PASSWORD } });
      expect(asked.statusCode).toBe(202);
      const token = tokenIn(smtp.last('tama.new@example.org', /Confirm your new/));

      const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/account/email/confirm', headers: here.headers, payload: { token } });
      expect(confirmed.statusCode).toBe(200);
      // The other browser is out at once, access token and refresh cookie alike.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: there.headers })).statusCode).toBe(401);
      expect((await refreshWith(there.cookie)).statusCode).toBe(401);
      // The browser that confirmed goes on.
      const mine = await ctx.app.inject({ method: 'GET', url: '/api/account', headers: here.headers });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().email).toBe('tama.new@example.org');
      expect((await refreshWith(here.cookie)).statusCode).toBe(200);
      // The old address hears of it, without a link to follow.
      const notice = smtp.last(oldEmail, /email address has been changed/);
      expect(notice.subject).toBe('Your Uplift email address has been changed');
      expect(notice.text).toContain('Every other device signed in to your account has been signed out.');
    });

    it('confirming a change of email from a browser not signed in to the account ends every sign-in', async () => {
      const campaign = await createCampaign(ctx.db);
      const donor = await donorWithPassword('NZ', campaign.id, 'Hine');
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: donor.user.email, password: PASSWORD } });
      const headers = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
      expect((await ctx.app.inject({ method: 'POST', url: '/api/account/email', headers, payload: { new_email: 'hine.new@example.org', password: PASSWORD } })).statusCode).toBe(202);
      const token = tokenIn(smtp.last('hine.new@example.org', /Confirm your new/));
      // Another donor's token says nothing about this account: it keeps nothing.
      const stranger = { authorization: `Bearer ${await tokenFor(ctx, (await donorWithPassword('NZ', campaign.id, 'Other')).user.id)}` };
      expect((await ctx.app.inject({ method: 'POST', url: '/api/account/email/confirm', headers: stranger, payload: { token } })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { '__Host-uplift_refresh': refreshCookieOf(res)!.value } })).statusCode).toBe(401);
    });

    it('changes the password with the current one and ends the other sessions', async () => {
      const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
      const session = await signUp(ctx.app, smtp, registration(open.pledge));
      const other = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: session.email, password: session.password } });
      const otherRefresh = refreshCookieOf(other)!.value;
      const headers = { authorization: `Bearer ${session.accessToken}` };
      const wrong = await ctx.app.inject({ method: 'POST', url: '/api/account/password', headers, payload: { current_password: 'nope', new_password: 'another long passphrase' } });
      expect(wrong.statusCode).toBe(403);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/account/password', headers, payload: { current_password: session.password, new_password: 'another long passphrase' } });
      expect(res.statusCode).toBe(200);
      const mine = refreshCookieOf(res)!.value;
      // APP_URL is https here, so the refresh cookie carries the __Host- prefix (docs/decisions/130).
      const refreshWith = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { '__Host-uplift_refresh': token } });
      expect((await refreshWith(otherRefresh)).statusCode).toBe(401);
      expect((await refreshWith(session.refreshToken)).statusCode).toBe(401);
      expect((await refreshWith(mine)).statusCode).toBe(200);
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: session.email, password: 'another long passphrase' } });
      expect(login.statusCode).toBe(200);
    });
    it('refuses a common password as the new one, with the words registration and reset use, and keeps the old one', async () => {
      const campaign = await createCampaign(ctx.db);
      const donor = await donorWithPassword('NZ', campaign.id);
      const res = await send('POST', '/api/account/password', donor.user.id, { current_password: PASSWORD, new_password: 'password1234' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.passwordTooCommon, code: 'validation', errors: [{ path: 'new_password', message: MSG.passwordTooCommon }] });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, donor.user.id));
      expect(await verifyPassword(PASSWORD, row!.password_hash)).toBe(true);
    });
  });

  describe('consents', () => {
    it('records registration consents and each change as events; the opt-in columns hold the current state', async () => {
      const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
      const session = await signUp(ctx.app, smtp, registration(open.pledge, { opt_in_uplift_comms: true, opt_in_charity_comms: true }));
      const [user] = await ctx.db.select().from(users).where(eq(users.email, session.email));
      const headers = { authorization: `Bearer ${session.accessToken}` };
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/account/consents', headers, payload: { opt_in_uplift_comms: true, opt_in_charity_comms: false } });
      expect(res.statusCode).toBe(200);
      expect(res.json().consents).toEqual([
        expect.objectContaining({ consent: 'terms', given: true, wording_version: '2026-11-23' }),
        expect.objectContaining({ consent: 'uplift_news', given: true }),
        expect.objectContaining({ consent: 'charity_news', given: false, changed_at: ctx.clock.now().toISOString() }),
        // Every mail preference is listed too (docs/decisions/136): progress on until stopped, the rest off until given.
        expect.objectContaining({ consent: 'progress', given: true, changed_at: null }),
        expect.objectContaining({ consent: 'milestones', given: false, changed_at: null }),
        expect.objectContaining({ consent: 'friends_gifts', given: false, changed_at: null }),
      ]);
      await ctx.app.inject({ method: 'PUT', url: '/api/account/consents', headers, payload: { opt_in_uplift_comms: true, opt_in_charity_comms: true } });
      const events = await ctx.db.select().from(consentEvents).where(eq(consentEvents.user_id, user!.id)).orderBy(consentEvents.id);
      expect(events.map((e) => [e.consent, e.given, e.source])).toEqual([
        ['terms', 'given', 'registration'],
        ['uplift_news', 'given', 'registration'],
        ['charity_news', 'given', 'registration'],
        ['charity_news', 'withdrawn', 'account'],
        ['charity_news', 'given', 'account'],
      ]);
      const [after] = await ctx.db.select().from(users).where(eq(users.id, user!.id));
      expect(after!.opt_in_charity_comms).toBe(true);
    });
  });

  describe('download my data', () => {
    it("holds every table's rows for the donor and none of another donor's", async () => {
      const campaign = await createCampaign(ctx.db);
      const me = await donorWithPassword('NZ', campaign.id, 'Tama');
      const other = await donorWithPassword('NZ', campaign.id, 'Someoneelse');
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, me.payments[0]!.id));
      await ctx.app.mailer.send(me.user.email, 'payment-receipt', { subject: 'A mail to me', greeting: 'Hi', paragraphs: [] });
      await ctx.app.mailer.send(other.user.email, 'payment-receipt', { subject: 'A mail to the other', greeting: 'Hi', paragraphs: [] });
      await send('PUT', '/api/account/consents', me.user.id, { opt_in_uplift_comms: true, opt_in_charity_comms: false });
      const res = await get('/api/account/export', me.user.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('uplift-my-data.json');
      const data = res.json();
      expect(data.profile).toMatchObject({ id: me.user.id, first_name: 'Tama', email: me.user.email });
      expect(data.pledges.map((p: { id: number }) => p.id)).toEqual([me.pledge.id]);
      expect(data.payments.map((p: { id: number }) => p.id)).toEqual(me.payments.map((p) => p.id));
      expect(data.payments[0].receipt_number).toMatch(/^NZ-2026-/);
      expect(data.saved_cards).toEqual([{ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }]);
      expect(data.consent_events).toEqual([expect.objectContaining({ consent: 'uplift_news', given: 'given' })]);
      expect(data.mails).toEqual([{ subject: 'A mail to me', created_at: expect.any(String) }]);
      const text = res.body;
      expect(text).not.toContain('Someoneelse');
      expect(text).not.toContain(other.user.email);
      expect(text).not.toContain(other.method.stripe_payment_method_id);
      const csv = await get('/api/account/export/payments.csv', me.user.id);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[0]).toBe('\uFEFFpledge_id,payment_id,processing_date,amount,payment_status,receipt_number,attempts,failure_reason,fee_cover,charged,refunded');
      expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(5);
    });

    it('names what a fee-covered payment charged and what went back of it, in the JSON and the CSV alike', async () => {
      const campaign = await createCampaign(ctx.db);
      const me = await donorWithPassword('NZ', campaign.id, 'Aroha');
      const week = me.payments[0]!;
      await ctx.db.update(payments).set({ payment_status: 'Success', fee_cover: asMinor(83) }).where(eq(payments.id, week.id));
      await ctx.db.insert(refunds).values({ payment_id: week.id, amount: asMinor(500), reason: 'Charged twice by the bank', status: 'succeeded', idempotency_key: `refund-${week.id}-1`, created_at: ctx.clock.now() });

      const data = (await get('/api/account/export', me.user.id)).json();
      const paid = data.payments.find((p: { id: number }) => p.id === week.id);
      const amount = week.amount / 100;
      expect(paid).toMatchObject({ amount, fee_cover: 0.83, charged: Number((amount + 0.83).toFixed(2)), refunded: 5 });

      const csv = (await get('/api/account/export/payments.csv', me.user.id)).body.split('\r\n');
      const row = csv.find((line) => line.startsWith(`${me.pledge.id},${week.id},`))!;
      expect(row.split(',').slice(-3)).toEqual(['0.83', (amount + 0.83).toFixed(2), '5.00']);
    });
  });

  describe('delete my account', () => {
    it('stops the automatic retry of a failed payment: nothing is charged after the erasure', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ' });
      const donor = await donorWithPassword('NZ', campaign.id, 'Hēmi');
      await bill(ctx, provider, { asOf: '2026-11-23' });
      const [, second] = await paymentRows(ctx.db, donor.pledge.id);
      await softlyDeclined(ctx.db, second!.id, '2026-12-07'); // its one retry is due on 7 December

      expect((await send('POST', '/api/account/erase', donor.user.id, { password: PASSWORD })).statusCode).toBe(200);
      expect(smtp.last(donor.user.email, /has been deleted/).text).toContain('3 remaining weekly payments were cancelled');
      // The retry is gone at once, not only because the card went with the account.
      expect((await paymentRows(ctx.db, donor.pledge.id)).map((p) => [p.payment_status, p.next_retry_date])).toEqual([
        ['Success', null],
        ['Failed', null],
        ['Cancelled', null],
        ['Cancelled', null],
      ]);
      // The donor's address is a tombstone now; a failure mail for the retry would go there.
      const [erased] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, donor.user.id));
      const mailsToDonor = () => ctx.db.select({ id: mails.id, kind: mails.kind }).from(mails).where(eq(mails.to_address, erased!.email));
      const mailsBefore = await mailsToDonor();
      const attemptsBefore = await ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.payment_id, second!.id));
      const chargesBefore = provider.calls.length;

      await bill(ctx, provider, { asOf: '2026-12-07' });
      // Billing on the retry date does not look at it: no attempt, no charge, no "did not go through" mail.
      expect(provider.calls.slice(chargesBefore).filter((c) => c.idempotencyKey.startsWith(`payment-${second!.id}-`))).toEqual([]);
      expect(await ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.payment_id, second!.id))).toEqual(attemptsBefore);
      expect((await paymentRows(ctx.db, donor.pledge.id))[1]).toMatchObject({ payment_status: 'Failed', attempts: 1, next_retry_date: null });
      expect(await mailsToDonor()).toEqual(mailsBefore);
    });

    it('cancels what is left, erases the person everywhere, keeps the financial record; the totals count what was paid', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ' });
      const donor = await donorWithPassword('NZ', campaign.id, 'Wiremu');
      await ctx.db.update(users).set({ last_name: 'Erasable', user_address: '77 Pohutukawa Lane, Ōtaki', opt_in_charity_comms: true }).where(eq(users.id, donor.user.id));
      const email = donor.user.email;
      await bill(ctx, provider, { asOf: '2026-11-23' });
      const totalsBefore = await selectCampaignTotals(ctx.db, campaign.id);
      const successBefore = await ctx.db.select().from(payments).where(eq(payments.pledge_id, donor.pledge.id));

      expect((await send('POST', '/api/account/erase', donor.user.id, { password: 'wrong' })).statusCode).toBe(403);
      const res = await send('POST', '/api/account/erase', donor.user.id, { password: PASSWORD });
      expect(res.statusCode).toBe(200);

      // The confirmation reached the address before it was erased.
      expect(smtp.last(email, /has been deleted/).text).toContain('3 remaining weekly payments were cancelled');
      // The financial record stays; the totals count what the pledge gave, as after a cancel.
      expect(totalsBefore).toEqual([{ challenge_id: 1, recipient_id: donor.pledge.recipient_id, pledges: 1, amount: 7000 }]);
      expect(await selectCampaignTotals(ctx.db, campaign.id)).toEqual([{ challenge_id: 1, recipient_id: donor.pledge.recipient_id, pledges: 1, amount: 1750 }]);
      expect((await ctx.db.select().from(pledges).where(eq(pledges.id, donor.pledge.id)))[0]).toMatchObject({ pledge_status: 'Cancelled' });
      const after = await ctx.db.select().from(payments).where(eq(payments.pledge_id, donor.pledge.id)).orderBy(payments.processing_date);
      expect(after.map((p) => p.payment_status)).toEqual(['Success', 'Cancelled', 'Cancelled', 'Cancelled']);
      expect(after[0]!.receipt_number).toBe(successBefore.find((p) => p.payment_status === 'Success')!.receipt_number);
      expect(after[0]!.amount).toBe(1750);
      // Card detached at the provider and gone here; sessions revoked.
      expect(detached).toContain(donor.method.stripe_payment_method_id);
      expect(await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.user_id, donor.user.id))).toEqual([]);
      const live = await ctx.db.select().from(refreshTokens).where(sql`${refreshTokens.user_id} = ${donor.user.id} and ${refreshTokens.revoked_at} is null`);
      expect(live).toEqual([]);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, donor.user.id));
      expect(row).toMatchObject({ first_name: '', last_name: '', user_address: '', opt_in_charity_comms: false, stripe_customer_id: null });
      expect(row!.erased_at).not.toBeNull();
      const list = await listUsers(ctx.db, { page: 1, page_size: 100, search: '', sort: 'id', order: 'desc' });
      expect(list.users.find((u) => u.id === donor.user.id)).toMatchObject({ erased: true, first_name: '', last_name: '' });

      // Not one text column of any table holds the name, email or address.
      const columns = await ctx.db.execute<{ table_name: string; column_name: string }>(sql`
        select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
         where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'jsonb', 'json')`);
      expect(columns.rows.length).toBeGreaterThan(20);
      const found: string[] = [];
      for (const { table_name, column_name } of columns.rows) {
        for (const needle of ['Wiremu', 'Erasable', 'Pohutukawa', email]) {
          const hit = await ctx.db.execute<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
          );
          if (hit.rows[0]!.n > 0) found.push(`${table_name}.${column_name}: ${needle}`);
        }
      }
      expect(found).toEqual([]);

      // Logging in fails like an unknown account; the email can register again as a new person.
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
      expect(login.statusCode).toBe(401);
      expect(login.json().message).toBe('Login details incorrect');
      expect((await get('/api/account', donor.user.id)).statusCode).toBe(401);
      const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
      const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(open.pledge, { email }) });
      expect(again.statusCode).toBe(201);
    });

    it('counts an erased pledge like a cancelled one everywhere: nothing paid drops out, paid in full stays', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ' });
      const unpaid = await donorWithPassword('NZ', campaign.id, 'Rangi');
      const paidInFull = await donorWithPassword('NZ', campaign.id, 'Mere');
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.pledge_id, paidInFull.pledge.id));
      const recipient = unpaid.pledge.recipient_id;
      expect(await selectCampaignTotals(ctx.db, campaign.id)).toEqual([{ challenge_id: 1, recipient_id: recipient, pledges: 2, amount: 14000 }]);

      for (const donor of [unpaid, paidInFull]) expect((await send('POST', '/api/account/erase', donor.user.id, { password: PASSWORD })).statusCode).toBe(200);

      const statuses = await ctx.db.select({ id: pledges.id, status: pledges.pledge_status }).from(pledges).where(eq(pledges.campaign_id, campaign.id));
      expect(Object.fromEntries(statuses.map((p) => [p.id, p.status]))).toEqual({ [unpaid.pledge.id]: 'Cancelled', [paidInFull.pledge.id]: 'Confirmed' });
      expect(await selectCampaignTotals(ctx.db, campaign.id)).toEqual([{ challenge_id: 1, recipient_id: recipient, pledges: 1, amount: 7000 }]);
      // The admin report counts the same pledges and amounts.
      const total = (await selectReportFigures(ctx.db, campaign.id, 'NZ')).find((r) => r.recipient_id === null && r.challenge_id === null);
      expect(total).toMatchObject({ pledges: 1, donors: 1, pledged: 7000, collected: 7000 });
    });

    it('the migration applies the same rule to donors erased before it', async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ' });
      const partlyPaid = await donorWithPassword('NZ', campaign.id, 'Tama');
      const paidInFull = await donorWithPassword('NZ', campaign.id, 'Ana');
      const erasedAt = new Date('2026-11-20T01:00:00Z');
      // As an erasure left them before: payments cancelled, the pledges still Confirmed.
      const [first] = await paymentRows(ctx.db, partlyPaid.pledge.id);
      await ctx.db.update(payments).set({ payment_status: 'Cancelled' }).where(eq(payments.pledge_id, partlyPaid.pledge.id));
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, first!.id));
      await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.pledge_id, paidInFull.pledge.id));
      await ctx.db.update(users).set({ erased_at: erasedAt }).where(sql`${users.id} in (${partlyPaid.user.id}, ${paidInFull.user.id})`);

      await ctx.db.execute(sql.raw(readFileSync(path.join(MIGRATIONS_DIR, '0014_erased_pledges_cancelled.sql'), 'utf8')));

      const rows = await ctx.db.select().from(pledges).where(eq(pledges.campaign_id, campaign.id)).orderBy(pledges.id);
      expect(rows.map((p) => [p.id, p.pledge_status, p.cancelled_at])).toEqual([
        [partlyPaid.pledge.id, 'Cancelled', erasedAt],
        [paidInFull.pledge.id, 'Confirmed', null],
      ]);
      expect(await selectCampaignTotals(ctx.db, campaign.id)).toEqual([
        { challenge_id: 1, recipient_id: partlyPaid.pledge.recipient_id, pledges: 1, amount: 7000 },
        { challenge_id: 1, recipient_id: partlyPaid.pledge.recipient_id, pledges: 1, amount: 1750 },
      ]);
    });
  });

  describe('an erased account stays erased', () => {
    let donor: Awaited<ReturnType<typeof donorWithPassword>>;
    let tombstone: string;
    let signedInCookie: string;
    const mailsTo = () => ctx.db.select({ kind: mails.kind }).from(mails).where(eq(mails.to_address, tombstone));
    /** A token made for the erased account anyway (as the admin's resend did before). */
    const issue = async (purpose: 'activation' | 'reset') => {
      const token = newToken();
      await insertAuthToken(ctx.db, { user_id: donor.user.id, purpose, token_hash: hashToken(token), expires_at: new Date(ctx.clock.now().getTime() + 3_600_000), created_at: ctx.clock.now() });
      return token;
    };

    beforeAll(async () => {
      const campaign = await createCampaign(ctx.db, { country: 'NZ' });
      donor = await donorWithPassword('NZ', campaign.id, 'Rawiri');
      const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: donor.user.email, password: PASSWORD } });
      signedInCookie = refreshCookieOf(signedIn)!.value;
      expect((await send('POST', '/api/account/erase', donor.user.id, { password: PASSWORD })).statusCode).toBe(200);
      const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, donor.user.id));
      tombstone = row!.email;
    });

    it("the admin's resend of the activation mail is refused with a clear message, and nothing is sent", async () => {
      const before = await mailsTo();
      const { adminAuth } = await adminAndUser(ctx);
      const resend = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${donor.user.id}/resend-activation`, headers: adminAuth });
      expect(resend.statusCode).toBe(409);
      expect(resend.json()).toEqual({ code: 'user.erased', message: 'This account was erased' });
      expect(await mailsTo()).toEqual(before);
    });

    it('password recovery for its placeholder address answers as for an unknown email, and sends nothing', async () => {
      const before = await mailsTo();
      const forgot = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: tombstone } });
      expect(forgot.statusCode).toBe(200);
      expect(forgot.json()).toEqual({ message: 'If an account uses that email, we have sent it a password reset token.' });
      expect(await mailsTo()).toEqual(before);
    });

    it('an activation token made for it activates nothing', async () => {
      const activation = await ctx.app.inject({ method: 'GET', url: `/api/auth/activate?activation_token=${await issue('activation')}` });
      expect(activation.statusCode).toBe(400);
      expect(activation.json()).toMatchObject({ code: 'auth.invalid_token' });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, donor.user.id));
      expect(row!.activated).toBe(false);
    });

    it('a reset token made for it sets no password', async () => {
      const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token: await issue('reset'), new_password: 'a new long passphrase', confirm_password: 'a new long passphrase' } });
      expect(reset.statusCode).toBe(400);
      expect(reset.json()).toMatchObject({ code: 'auth.invalid_token' });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, donor.user.id));
      expect(row).toMatchObject({ activated: false, password_hash: '!erased' });
    });

    it('never signs in or refreshes, even were its row to hold a working password and the activated flag', async () => {
      await ctx.db.update(users).set({ activated: true, password_hash: await hashPassword(PASSWORD) }).where(eq(users.id, donor.user.id));
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: tombstone, password: PASSWORD } });
      expect(login.statusCode).toBe(401);
      expect(login.json().message).toBe('Login details incorrect');
      await ctx.db.update(refreshTokens).set({ revoked_at: null }).where(eq(refreshTokens.user_id, donor.user.id));
      const refresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { '__Host-uplift_refresh': signedInCookie } });
      expect(refresh.statusCode).toBe(401);
    });
  });
});
