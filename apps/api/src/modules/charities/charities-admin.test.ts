import { asMinor } from '@uplift/core/money';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHARITY_MESSAGES } from '@uplift/core/schemas/admin-charities';
import { eq } from 'drizzle-orm';
import { campaigns, payments, payouts, pledges, recipients } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser, insertCampaign, insertPledge } from '../admin/admin.test-support.ts';

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);
const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
const HOSTILE_SVG = `<?xml version="1.0"?>
<svg viewBox="0 0 10 10" onload="alert(1)"><script>alert(1)</script>
<a href="javascript:alert(2)"><rect width="10" height="10" fill="url(https://evil.example/x)"/></a>
<foreignObject><iframe src="https://evil.example"/></foreignObject><circle cx="5" cy="5" r="4" fill="#1a7f5a"/></svg>`;

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

describe('charity administration', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let admin: { id: number };
  let userAuth: Record<string, string>;

  const body = {
    recipient_name: 'Harbour Food Bank',
    country: 'NZ',
    impact_cost: 12.5,
    impact_unit: 'meals',
    impact_unit_singular: 'meal',
    impact_description: 'Meals for families across the harbour.',
    impact_multiplier: 1,
    description: 'Food parcels for families across the harbour.',
    link: 'https://harbourfood.example.org',
    is_enabled: true,
    logo_base64: b64(PNG),
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth, userAuth, admin } = await adminAndUser(ctx));
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    await ctx.db.delete(payments);
    await ctx.db.delete(pledges);
    await ctx.db.delete(campaigns);
  });

  const post = (payload: object, headers = adminAuth) => ctx.app.inject({ method: 'POST', url: '/api/admin/charities', payload, headers });
  const put = (id: number, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/admin/charities/${id}`, payload, headers: adminAuth });
  const del = (id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/admin/charities/${id}`, headers: adminAuth });
  const uniqueName = () => `Charity ${Math.random().toString(36).slice(2, 10)}`;

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/charities' })).statusCode).toBe(401);
    expect((await post(body, userAuth)).statusCode).toBe(403);
  });

  it('adds a charity with a PNG logo, serves the logo with caching, and offers it at once', async () => {
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const { logo_base64: _sent, ...fields } = body;
    expect(created).toMatchObject({ ...fields, is_enabled: true, pledge_count: 0 });
    expect(created.logo).toMatch(new RegExp(`^/api/recipient/${created.id}/logo\\?v=[0-9a-f]{16}$`));

    const logo = await ctx.app.inject({ method: 'GET', url: created.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(PNG)).toBe(true);

    const landing = (await ctx.app.inject({ method: 'GET', url: '/api/recipient/default/NZ' })).json();
    expect(landing.map((r: { id: number }) => r.id)).toContain(created.id);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/charities', headers: adminAuth })).json();
    expect(list.find((r: { id: number }) => r.id === created.id)).toEqual(created);
  });

  it('accepts a WebP logo and sanitises an SVG one down to its drawing', async () => {
    const webp = await post({ ...body, recipient_name: uniqueName(), logo_base64: b64(WEBP) });
    expect(webp.statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: webp.json().logo })).headers['content-type']).toBe('image/webp');

    const svg = await post({ ...body, recipient_name: uniqueName(), logo_base64: b64(HOSTILE_SVG) });
    expect(svg.statusCode).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: svg.json().logo });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    const text = served.body;
    expect(text).toContain('<circle cx="5" cy="5" r="4" fill="#1a7f5a"');
    expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
    for (const bad of ['script', 'onload', 'javascript', 'evil.example', 'foreignObject', 'iframe', '<a']) expect(text).not.toContain(bad);
  });

  const invalid: [string, object, string][] = [
    ['a GIF logo', { logo_base64: b64(GIF) }, CHARITY_MESSAGES.logoType],
    ['a text file renamed as a logo', { logo_base64: b64('hello, this is not an image') }, CHARITY_MESSAGES.logoType],
    ['a logo over 200 KB', { logo_base64: b64(Buffer.concat([PNG, Buffer.alloc(200 * 1024)])) }, CHARITY_MESSAGES.logoTooLarge],
    ['no logo', { logo_base64: undefined }, CHARITY_MESSAGES.logoRequired],
    ['an http link', { link: 'http://harbourfood.example.org' }, CHARITY_MESSAGES.linkInvalid],
    ['a javascript: link', { link: 'javascript:alert(1)' }, CHARITY_MESSAGES.linkInvalid],
    ['a negative impact cost', { impact_cost: -5 }, CHARITY_MESSAGES.impactCostInvalid],
    ['a zero impact cost', { impact_cost: 0 }, CHARITY_MESSAGES.impactCostInvalid],
    ['an impact cost with three decimals', { impact_cost: 1.255 }, CHARITY_MESSAGES.impactCostInvalid],
    ['a multiplier of 0', { impact_multiplier: 0 }, CHARITY_MESSAGES.multiplierInvalid],
    ['no singular impact unit', { impact_unit_singular: undefined }, CHARITY_MESSAGES.impactUnitSingularRequired],
    ['an empty singular impact unit', { impact_unit_singular: ' ' }, CHARITY_MESSAGES.impactUnitSingularRequired],
    ['an impact description stating an amount', { impact_description: 'Every $12.50 feeds a family for a day.' }, CHARITY_MESSAGES.impactDescriptionFigures],
    ['an impact description stating a number', { impact_description: 'Feeds 2 families a day.' }, CHARITY_MESSAGES.impactDescriptionFigures],
    ['an empty name', { recipient_name: '  ' }, CHARITY_MESSAGES.nameRequired],
    ['a duplicate name (any case)', { recipient_name: 'youthline' }, CHARITY_MESSAGES.duplicateName],
  ];
  for (const [what, change, message] of invalid) {
    it(`refuses ${what} with 400 "${message}"`, async () => {
      const before = await ctx.db.select({ id: recipients.id }).from(recipients);
      const res = await post({ ...body, recipient_name: uniqueName(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
      expect(await ctx.db.select({ id: recipients.id }).from(recipients)).toHaveLength(before.length);
    });
  }

  it('edits a charity and keeps its logo unless a new one is sent; a new logo is a new address', async () => {
    const created = (await post({ ...body, recipient_name: uniqueName() })).json();
    const { logo_base64: _keep, ...withoutLogo } = body;
    const edited = await put(created.id, { ...withoutLogo, recipient_name: created.recipient_name, impact_cost: 20 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ impact_cost: 20, logo: created.logo });
    const relogo = (await put(created.id, { ...body, recipient_name: created.recipient_name, logo_base64: b64(WEBP) })).json();
    expect(relogo.logo).not.toBe(created.logo);
    expect((await ctx.app.inject({ method: 'GET', url: relogo.logo })).headers['content-type']).toBe('image/webp');
    expect((await put(created.id, { ...body, recipient_name: 'KidsCan' })).json()).toMatchObject({ message: CHARITY_MESSAGES.duplicateName });
    expect((await put(999_999, body)).statusCode).toBe(404);
  });

  it('a disabled charity is offered nowhere but keeps its pledges; it cannot be deleted', async () => {
    const created = (await post({ ...body, recipient_name: uniqueName() })).json();
    const campaign = await insertCampaign(ctx);
    await insertPledge(ctx, { user_id: admin.id, campaign_id: campaign.id, recipient_id: created.id });

    const refused = await del(created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: CHARITY_MESSAGES.hasPledges });

    const { logo_base64: _keep, ...withoutLogo } = body;
    const disabled = await put(created.id, { ...withoutLogo, recipient_name: created.recipient_name, is_enabled: false });
    expect(disabled.json()).toMatchObject({ is_enabled: false, pledge_count: 1 });
    for (const url of ['/api/recipient/default/NZ', '/api/recipient/campaign/NZ']) {
      const ids = (await ctx.app.inject({ method: 'GET', url })).json().map((r: { id: number }) => r.id);
      expect(ids).not.toContain(created.id);
    }
    // The donor's own record still names it.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipient/${created.id}` })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(recipients).where(eq(recipients.id, created.id));
    expect(row!.is_enabled).toBe(false);
  });

  it('deletes a charity nobody pledged to, with its logo', async () => {
    const created = (await post({ ...body, recipient_name: uniqueName() })).json();
    const res = await del(created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Charity deleted', id: created.id });
    expect((await ctx.app.inject({ method: 'GET', url: created.logo })).statusCode).toBe(404);
    expect((await del(created.id)).statusCode).toBe(404);
  });

  it('keeps payouts append-only in the database itself', async () => {
    const campaign = await insertCampaign(ctx);
    const charity = (await post({ ...body, recipient_name: uniqueName() })).json();
    const [payout] = await ctx.db
      .insert(payouts)
      .values({ campaign_id: campaign.id, recipient_id: charity.id, amount: asMinor(1000), paid_on: '2026-12-01', reference: 'T1', admin_user_id: admin.id })
      .returning();
    await expect(ctx.db.update(payouts).set({ amount: asMinor(1) }).where(eq(payouts.id, payout!.id))).rejects.toThrow();
    await expect(ctx.db.delete(payouts).where(eq(payouts.id, payout!.id))).rejects.toThrow();
  });
});
