import { MSG } from '@uplift/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, pledges, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { registration, seedOpenCampaign, startSmtpServer } from './auth.test-support.ts';

// Every validation answer of the account routes: product-rules §5/§8 messages, 400 with {message}.
describe('account input validation', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let open: Awaited<ReturnType<typeof seedOpenCampaign>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
    open = await seedOpenCampaign(ctx.db, ctx.clock.now());
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object });

  describe('POST /api/auth/register', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no email', { email: undefined }, MSG.emailRequired],
      ['an empty email', { email: '' }, MSG.emailRequired],
      ['a malformed email', { email: 'not-an-email' }, MSG.emailInvalid],
      ['no password', { password: undefined }, MSG.passwordRequired],
      ['an empty password', { password: '' }, MSG.passwordRequired],
      ['a 7-character password', { password: 'abcdefg' }, MSG.passwordTooShort],
      ['no first name', { first_name: '' }, MSG.firstNameRequired],
      ['a blank first name', { first_name: '   ' }, MSG.firstNameRequired],
      ['no last name', { last_name: undefined }, MSG.lastNameRequired],
      ['no country', { country: '' }, MSG.countryRequired],
      ['another country', { country: 'AU' }, MSG.countryRequired],
      ['terms not accepted', { terms_accepted: false }, MSG.termsRequired],
      ['terms missing', { terms_accepted: undefined }, MSG.termsRequired],
      ['an opt-in that is not true or false', { opt_in_uplift_comms: 'yes' }, MSG.optInInvalid],
      ['no campaign', { campaign_id: undefined }, MSG.campaignRequired],
      ['no challenge', { challenge_id: 0 }, MSG.challengeRequired],
      ['no charity', { recipient_id: -1 }, MSG.recipientRequired],
      ['fractional units', { number_of_units: 1.5 }, MSG.unitsInvalid],
      ['an amount with three decimals', { cost_per_unit: 5.001 }, MSG.amountInvalid],
      ['a weird period', { period: 'daily' }, MSG.periodInvalid],
    ];
    it.each(cases)('refuses %s', async (_name, override, message) => {
      const body = { ...registration(open.pledge), ...override };
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
      const [row] = await ctx.db.select().from(users).where(eq(users.email, String(body.email ?? '')));
      expect(row).toBeUndefined();
    });

    it('refuses one of the most common passwords at the password field, and creates no account', async () => {
      for (const password of ['12345678', 'Password1', 'iloveyou', 'trustno1']) {
        const body = registration(open.pledge, { password });
        const res = await post('/api/auth/register', body);
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({ message: MSG.passwordTooCommon, code: 'validation', errors: [{ path: 'password', message: MSG.passwordTooCommon }] });
        expect(await ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
      }
    });

    it('accepts a long passphrase unchanged (not trimmed)', async () => {
      const body = registration(open.pledge, { password: `  ${'correct horse battery staple '.repeat(30)}  ` });
      expect((await post('/api/auth/register', body)).statusCode).toBe(201);
    });

    it('answers 409 "Email already exists" for an existing email, whatever its case', async () => {
      const body = registration(open.pledge);
      expect((await post('/api/auth/register', body)).statusCode).toBe(201);
      const again = await post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: MSG.emailExists, code: 'auth.email_exists' });
    });

    it('keeps one account when the same email registers twice at once', async () => {
      const body = registration(open.pledge);
      const answers = await Promise.all([post('/api/auth/register', body), post('/api/auth/register', body)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
    });

    it('refuses a pledge the server does not agree with, and then creates no account', async () => {
      const wrongTotal = registration(open.pledge, { confirmed_amount: open.pledge.confirmed_amount + 1 });
      const res = await post('/api/auth/register', wrongTotal);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'pledge.amount_mismatch' });

      const tooSmall = registration(open.pledge, { number_of_units: 1, cost_per_unit: 1, confirmed_amount: 4 });
      const small = await post('/api/auth/register', tooSmall);
      expect(small.statusCode).toBe(400);
      expect(small.json()).toMatchObject({ message: 'Please ensure your pledge is at least $10' });

      const [closed] = await ctx.db
        .insert(campaigns)
        .values({ ...open.campaign, id: undefined, is_active: false, campaign_name: 'November Closed Challenge' })
        .returning();
      const toClosed = await post('/api/auth/register', registration(open.pledge, { campaign_id: closed!.id }));
      expect(toClosed.statusCode).toBe(400);
      expect(toClosed.json()).toMatchObject({ code: 'pledge.campaign_closed' });

      // A pledge belongs to its user, so no account also means no pledge.
      for (const body of [wrongTotal, tooSmall]) {
        expect(await ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
      }
      expect(await ctx.db.select().from(pledges).where(eq(pledges.campaign_id, closed!.id))).toHaveLength(0);
    });
  });

  describe('POST /api/auth/login', () => {
    it.each([
      ['no email', { password: 'whatever1' }, MSG.emailRequired],
      ['a malformed email', { email: 'nope', password: 'whatever1' }, MSG.emailInvalid],
      ['no password', { email: 'a@example.org' }, MSG.passwordRequired],
      ['an empty password', { email: 'a@example.org', password: '' }, MSG.passwordRequired],
    ])('refuses %s', async (_name, payload, message) => {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });
  });

  describe('POST /api/auth/forgot', () => {
    it.each([
      ['no email', {}, MSG.emailRequired],
      ['an empty email', { email: '' }, MSG.emailRequired],
      ['a malformed email', { email: 'someone@' }, MSG.invalidEmail],
      ['a far too long email', { email: `${'a'.repeat(250)}@example.org` }, MSG.invalidEmail],
    ])('refuses %s', async (_name, payload, message) => {
      const res = await post('/api/auth/forgot', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });
  });

  describe('POST /api/auth/reset', () => {
    it.each([
      ['no token', { new_password: 'long enough' }, MSG.tokenRequired],
      ['an empty token', { reset_token: '  ', new_password: 'long enough' }, MSG.tokenRequired],
      ['an unknown token', { reset_token: 'x'.repeat(43), new_password: 'long enough' }, MSG.invalidToken],
      ['no password', { reset_token: 'x'.repeat(43) }, MSG.passwordRequired],
      ['a short password', { reset_token: 'x'.repeat(43), new_password: 'short' }, MSG.passwordTooShort],
      ['one of the most common passwords', { reset_token: 'x'.repeat(43), new_password: 'QwertyUIOP' }, MSG.passwordTooCommon],
    ])('refuses %s', async (_name, payload, message) => {
      const res = await post('/api/auth/reset', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });

    it('names the field of a common password, so the form shows it there', async () => {
      const res = await post('/api/auth/reset', { reset_token: 'x'.repeat(43), new_password: 'password1' });
      expect(res.json()).toEqual({
        message: MSG.passwordTooCommon,
        code: 'validation',
        errors: [{ path: 'new_password', message: MSG.passwordTooCommon }],
      });
    });
  });

  describe('GET /api/auth/activate', () => {
    it.each([
      ['no token', '', MSG.tokenRequired],
      ['an empty token', '?activation_token=', MSG.tokenRequired],
      ['an unknown token', `?activation_token=${'y'.repeat(43)}`, MSG.invalidToken],
    ])('refuses %s', async (_name, query, message) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/activate${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });
  });
});
