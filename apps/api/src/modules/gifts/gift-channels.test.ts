import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { tokenFor } from '../billing/billing.test-support.ts';
import { confirm, createPage, give, giftBody, giftRow, pay } from './gifts.test-support.ts';

// A gift records the channel of the link its friend came by (?via=, docs/decisions/164), and the
// page's owner sees their received gifts counted per channel.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function gift(slug: string, via: unknown, settle = true) {
  const res = await give(ctx, slug, giftBody(via === undefined ? {} : { via }));
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ gift_id: number; client_secret: string }>();
  if (settle) {
    await pay(ctx, created.client_secret);
    expect((await confirm(ctx, created.gift_id, created.client_secret)).json()).toMatchObject({ status: 'succeeded' });
  }
  return created.gift_id;
}

describe('a gift’s channel', () => {
  it('keeps a channel of the fixed list, and null for anything else, never refusing the gift', async () => {
    const { page } = await createPage(ctx);
    expect((await giftRow(ctx, await gift(page.slug, 'whatsapp', false))).via).toBe('whatsapp');
    expect((await giftRow(ctx, await gift(page.slug, 'qr', false))).via).toBe('qr');
    for (const other of ['WhatsApp', 'tiktok', '', 'x'.repeat(500), null, 7, undefined]) {
      const res = await give(ctx, page.slug, giftBody(other === undefined ? {} : { via: other }));
      if (typeof other === 'number') {
        // Not a string at all: the request is malformed, as any other field of the wrong type.
        expect(res.statusCode).toBe(400);
        continue;
      }
      expect(res.statusCode, `${String(other)}: ${res.body}`).toBe(201);
      expect((await giftRow(ctx, res.json<{ gift_id: number }>().gift_id)).via).toBeNull();
    }
  });

  it('counts the owner’s succeeded gifts per channel, most first, for the owner only', async () => {
    const { page, user } = await createPage(ctx);
    const other = await createPage(ctx);
    await gift(page.slug, 'whatsapp');
    await gift(page.slug, 'whatsapp');
    await gift(page.slug, 'whatsapp');
    await gift(page.slug, 'email');
    await gift(page.slug, undefined);
    await gift(page.slug, 'linkedin', false); // never paid: not received
    await gift(other.page.slug, 'sms');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/my-page/gift-channels', headers: { authorization: `Bearer ${await tokenFor(ctx, user.id)}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ channels: [{ via: 'whatsapp', gifts: 3 }, { via: 'email', gifts: 1 }] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/my-page/gift-channels' })).statusCode).toBe(401);
  });
});
