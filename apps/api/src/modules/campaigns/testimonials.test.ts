import { TESTIMONIAL_MESSAGES } from '@uplift/core/schemas/testimonials';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAudit, testimonials } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';

// Testimonials (docs/decisions/167-honest-social-proof.md): entered by admins with the person's
// consent and its date, audited, and read by the landing of their country only.

describe('testimonials', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let userAuth: Record<string, string>;

  const body = { name: 'Hana', country: 'NZ', quote: 'Four weeks without flat whites paid for a week of helpline calls.', consent: true, consented_on: '2026-11-20' };

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth, userAuth } = await adminAndUser(ctx));
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    ctx.clock.set(TEST_NOW);
    await ctx.db.delete(testimonials);
    await ctx.db.delete(adminAudit);
  });

  const post = (payload: object, headers = adminAuth) => ctx.app.inject({ method: 'POST', url: '/api/admin/testimonials', payload, headers });
  const put = (id: number | string, payload: object, headers = adminAuth) => ctx.app.inject({ method: 'PUT', url: `/api/admin/testimonials/${id}`, payload, headers });
  const del = (id: number | string, headers = adminAuth) => ctx.app.inject({ method: 'DELETE', url: `/api/admin/testimonials/${id}`, headers });
  const list = (headers = adminAuth) => ctx.app.inject({ method: 'GET', url: '/api/admin/testimonials', headers });
  const landing = (country: string) => ctx.app.inject({ method: 'GET', url: `/api/testimonials/${country}` });
  const auditActions = async () => (await ctx.db.select().from(adminAudit)).map((e) => [e.action, e.target]);

  it('adds, lists, edits and deletes a testimonial, each change in the audit', async () => {
    const created = await post(body);
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toEqual({ id: expect.any(Number), ...body, created_at: TEST_NOW, updated_at: TEST_NOW });
    expect((await list()).json()).toEqual([row]);

    const edited = await put(row.id, { ...body, quote: '  A new quote.  ', name: 'Hana K.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: row.id, name: 'Hana K.', quote: 'A new quote.' });

    const deleted = await del(row.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Testimonial deleted', id: row.id });
    expect((await list()).json()).toEqual([]);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        ['testimonial.create', `testimonial ${row.id}`],
        ['testimonial.edit', `testimonial ${row.id}`],
        ['testimonial.delete', `testimonial ${row.id}`],
      ]),
    );
    expect(await auditActions()).toHaveLength(3);
  });

  it('answers 404 for a testimonial that does not exist', async () => {
    expect((await put(999, body)).json()).toMatchObject({ code: 'testimonial.not_found', message: 'There is no testimonial with id 999' });
    expect((await del(999)).statusCode).toBe(404);
    expect(await auditActions()).toEqual([]);
  });

  it('is admin only: 403 for a donor, 401 without a token, and nothing is written', async () => {
    for (const res of [await post(body, userAuth), await list(userAuth), await put(1, body, userAuth), await del(1, userAuth)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
    }
    expect((await post(body, {})).statusCode).toBe(401);
    expect(await ctx.db.select().from(testimonials)).toEqual([]);
  });

  const refused: [string, object, string][] = [
    ['no consent', { consent: undefined }, TESTIMONIAL_MESSAGES.consentRequired],
    ['consent not given', { consent: false }, TESTIMONIAL_MESSAGES.consentRequired],
    ['consent as text', { consent: 'yes' }, TESTIMONIAL_MESSAGES.consentRequired],
    ['no date of consent', { consented_on: undefined }, TESTIMONIAL_MESSAGES.consentDateInvalid],
    ['an impossible date of consent', { consented_on: '2026-02-30' }, TESTIMONIAL_MESSAGES.consentDateInvalid],
    ['a date of consent after today', { consented_on: '2026-11-24' }, TESTIMONIAL_MESSAGES.consentDateFuture],
    ['an empty name', { name: '   ' }, TESTIMONIAL_MESSAGES.nameRequired],
    ['a name over 60 characters', { name: 'x'.repeat(61) }, TESTIMONIAL_MESSAGES.nameTooLong],
    ['an empty quote', { quote: '' }, TESTIMONIAL_MESSAGES.quoteRequired],
    ['a quote over 400 characters', { quote: 'x'.repeat(401) }, TESTIMONIAL_MESSAGES.quoteTooLong],
    ['another country', { country: 'AU' }, 'Country must be NZ or UK'],
  ];
  for (const [what, change, message] of refused) {
    it(`refuses ${what}: "${message}"`, async () => {
      const res = await post({ ...body, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', message });
      const existing = (await post(body)).json();
      const edit = await put(existing.id, { ...body, ...change });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toMatchObject({ code: 'validation', message });
      expect((await list()).json()).toEqual([existing]);
    });
  }

  it("takes today's date of consent in the testimonial's own country", async () => {
    // 09:00 UTC on 23 November is 22:00 in Auckland: 23 November there, and in London.
    expect((await post({ ...body, consented_on: '2026-11-23' })).statusCode).toBe(201);
    ctx.clock.set('2026-11-23T12:00:00.000Z'); // 01:00 on 24 November in Auckland, noon on the 23rd in London
    expect((await post({ ...body, consented_on: '2026-11-24' })).statusCode).toBe(201);
    expect((await post({ ...body, country: 'UK', consented_on: '2026-11-24' })).json()).toMatchObject({ message: TESTIMONIAL_MESSAGES.consentDateFuture });
  });

  it("the landing reads its own country's testimonials only, without the consent details", async () => {
    expect((await landing('NZ')).json()).toEqual([]);
    const nz = (await post(body)).json();
    const uk = (await post({ ...body, name: 'Priya', country: 'UK', quote: 'Packing my lunch paid for helpline calls.' })).json();
    const nzRes = await landing('NZ');
    expect(nzRes.statusCode).toBe(200);
    expect(nzRes.headers['cache-control']).toBe('no-cache');
    expect(nzRes.json()).toEqual([{ id: nz.id, name: 'Hana', country: 'NZ', quote: body.quote }]);
    expect((await landing('UK')).json()).toEqual([{ id: uk.id, name: 'Priya', country: 'UK', quote: 'Packing my lunch paid for helpline calls.' }]);
    expect((await landing('AU')).statusCode).toBe(400);
  });
});
