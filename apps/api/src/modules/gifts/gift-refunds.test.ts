import type { CampaignReport } from '@uplift/core/schemas/campaign-report';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, challengePages, mails, refunds, testProviderRefunds } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { pdfText } from '../account/account.test-support.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { giftsForExport } from './gifts.service.ts';
import { confirm, createPage, give, giftBody, giftRow, pay } from './gifts.test-support.ts';

// A friend's gift refunded as a payment is (docs/decisions/150, 132-refunds.md, product-rules §19,
// §21): fully or in part, never more than was given, exactly once however many admins ask at once;
// the friend gets the corrected receipt for the net amount; every figure counting gifts counts
// what stands of it.

let ctx: TestContext;
let adminAuth: Record<string, string>;
let userAuth: Record<string, string>;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const both = await adminAndUser(ctx);
  ({ adminAuth, userAuth } = both);
  adminId = both.admin.id;
});
afterAll(async () => ctx.close());

/** A succeeded gift of `amount` on a fresh NZ page (paid with the test provider and confirmed). */
async function givenGift(opts: { amount?: number; taxReceipt?: boolean; country?: 'NZ' | 'UK' } = {}) {
  const made = await createPage(ctx, { country: opts.country ?? 'NZ' });
  const body = giftBody({ amount: opts.amount ?? 2500, tax_receipt: opts.taxReceipt ?? false });
  const created = (await give(ctx, made.page.slug, body)).json<{ gift_id: number; client_secret: string }>();
  await pay(ctx, created.client_secret);
  expect((await confirm(ctx, created.gift_id, created.client_secret)).json().status).toBe('succeeded');
  return { ...made, body, giftId: created.gift_id };
}

const refund = (giftId: number, amountMinor: number, reason = 'The friend gave twice by mistake', headers = adminAuth) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/gifts/${giftId}/refunds`, headers, payload: { amountMinor, reason } });

const refundMails = (to: string) =>
  ctx.db
    .select()
    .from(mails)
    .where(and(eq(mails.to_address, to), eq(mails.kind, 'gift-receipt')))
    .orderBy(mails.id)
    .then((rows) => rows.filter((m) => m.subject.startsWith('Your refund')));

const raisedOf = async (slug: string) => (await ctx.app.inject({ method: 'GET', url: `/api/pages/${slug}` })).json<{ raised: { gifts: number; gift_count: number }; gifts: { items: { amount: number | null }[] } }>();
const reportOf = async (campaignId: number) => (await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/report`, headers: adminAuth })).json<CampaignReport>();

describe('refunding a gift', () => {
  it('in full: the provider gives it back, the refund and the audit are recorded, the friend gets the corrected receipt, and the gift counts nowhere any more', async () => {
    const { giftId, body, page } = await givenGift();
    const before = await raisedOf(page.slug);
    expect(before.raised).toMatchObject({ gifts: 2500, gift_count: 1 });

    const res = await refund(giftId, 2500);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ gift_id: giftId, payment_id: null, amount_minor: 2500, status: 'succeeded', refundable_minor: 0, admin_user_id: adminId });
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.gift_id, giftId));
    expect(row).toMatchObject({ status: 'succeeded', idempotency_key: `gift-${giftId}-refund-1`, payment_id: null, page_id: page.id });
    expect(await ctx.db.select().from(testProviderRefunds).where(eq(testProviderRefunds.idempotency_key, row!.idempotency_key))).toHaveLength(1);
    const audit = await ctx.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'gift.refund'), eq(adminAudit.target, `gift ${giftId}`)));
    expect(audit).toHaveLength(1);

    const receipt = (await giftRow(ctx, giftId)).receipt_number!;
    const [mail] = await refundMails(body.email);
    expect(mail!.subject).toBe('Your refund of $25.00');
    expect(mail!.text_body).toContain('That gift is now refunded in full.');
    expect(mail!.text_body).toContain(`Receipt number: ${receipt}-R1`);
    expect(mail!.attachments).toBeNull();

    const after = await raisedOf(page.slug);
    expect(after.raised).toMatchObject({ gifts: 0, gift_count: 0 });
    expect(after.gifts.items).toHaveLength(0);
  });

  it('in part, then the rest: each refund is checked against what is left; asking for more is refused with the amounts', async () => {
    const { giftId, page, body } = await givenGift({ amount: 4000 });
    const part = await refund(giftId, 1500);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().refundable_minor).toBe(2500);
    expect((await raisedOf(page.slug)).raised).toMatchObject({ gifts: 2500, gift_count: 1 });
    expect((await raisedOf(page.slug)).gifts.items[0]!.amount).toBe(2500);
    const [mail] = await refundMails(body.email);
    expect(mail!.text_body).toContain('In all, $15.00 of that gift has been refunded; $25.00 stands as your gift.');

    const over = await refund(giftId, 2501);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'refund.too_much' });
    expect(over.json().message).toContain('You can refund at most $25.00 of this gift: $40.00 was given and $15.00 is already refunded or being refunded.');

    // The data export of whoever gave it says what went back, as the corrected receipt does.
    const exported = await giftsForExport(ctx.db, { id: 0, email: body.email });
    expect(exported.made.find((g) => g.id === giftId)).toMatchObject({ amount: 40, refunded: 15 });

    expect((await refund(giftId, 2500)).statusCode).toBe(201);
    expect((await refund(giftId, 1)).statusCode).toBe(409);
    expect((await refundMails(body.email)).map((m) => m.text_body.match(/Receipt number: (\S+)/)![1])).toEqual([
      `${(await giftRow(ctx, giftId)).receipt_number}-R1`,
      `${(await giftRow(ctx, giftId)).receipt_number}-R2`,
    ]);
  });

  it('a refund carries its gift\'s page, so the page\'s raised nets it among the page\'s other gifts; a deleted page takes the page off both, and the campaign still counts the gift net (decision 161)', async () => {
    const { giftId, page, campaign } = await givenGift({ amount: 4000 });
    const other = (await give(ctx, page.slug, giftBody({ amount: 1500 }))).json<{ gift_id: number; client_secret: string }>();
    await pay(ctx, other.client_secret);
    await confirm(ctx, other.gift_id, other.client_secret);
    expect((await refund(giftId, 1000)).statusCode).toBe(201);
    expect((await refund(giftId, 500)).statusCode).toBe(201);
    expect((await refund(other.gift_id, 1500)).statusCode).toBe(201);
    expect((await ctx.db.select({ page_id: refunds.page_id }).from(refunds).where(eq(refunds.gift_id, giftId))).map((r) => r.page_id)).toEqual([page.id, page.id]);
    expect((await raisedOf(page.slug)).raised).toMatchObject({ gifts: 2500, gift_count: 1 });

    await ctx.db.delete(challengePages).where(eq(challengePages.id, page.id));
    expect((await giftRow(ctx, giftId)).page_id).toBeNull();
    expect((await ctx.db.select({ page_id: refunds.page_id }).from(refunds).where(inArray(refunds.gift_id, [giftId, other.gift_id]))).map((r) => r.page_id)).toEqual([null, null, null]);
    expect((await reportOf(campaign.id)).total).toMatchObject({ friends_gifts: 25, friends_gift_count: 1 });
  });

  it('six admins refunding the same gift at once give it back once', async () => {
    const { giftId } = await givenGift({ amount: 3000 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(giftId, 3000)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.gift_id, giftId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
    const charge = (await giftRow(ctx, giftId)).provider_reference!;
    expect(await ctx.db.select().from(testProviderRefunds).where(eq(testProviderRefunds.charge_id, charge))).toHaveLength(1);
  });

  it('refuses a gift that did not go through, an unknown gift, a bad request and anyone but an admin', async () => {
    const { page } = await createPage(ctx);
    const open = (await give(ctx, page.slug, giftBody())).json<{ gift_id: number }>();
    const notGiven = await refund(open.gift_id, 100);
    expect(notGiven.statusCode).toBe(409);
    expect(notGiven.json()).toMatchObject({ code: 'refund.not_refundable' });
    expect((await refund(999_999, 100)).statusCode).toBe(404);
    expect((await refund(open.gift_id, 0)).statusCode).toBe(400);
    expect((await refund(open.gift_id, 100, 'x')).statusCode).toBe(400);
    expect((await refund(open.gift_id, 100, 'A fine reason', userAuth)).statusCode).toBe(403);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.gift_id, open.gift_id))).toHaveLength(0);
  });

  it('a NZ friend who asked for a tax receipt gets the corrected one, for the net amount, attached', async () => {
    const { giftId, body } = await givenGift({ amount: 5000, taxReceipt: true });
    expect((await refund(giftId, 2000)).statusCode).toBe(201);
    const [mail] = await refundMails(body.email);
    expect(mail!.text_body).toContain('Your corrected donation tax credit receipt, for $30.00, is attached');
    const attachments = mail!.attachments as { filename: string; content: string }[];
    expect(attachments).toHaveLength(1);
    const text = await pdfText(Buffer.from(attachments[0]!.content, 'base64'));
    const receipt = (await giftRow(ctx, giftId)).receipt_number!;
    expect(text).toContain(`${receipt}-R1`);
    expect(text).toContain('Corrected donation receipt');
    expect(text.replace(/\s+/g, ' ')).toContain('$30.00 NZD ($50.00 NZD less $20.00 NZD refunded)');
    expect(text).toMatch(/Total donated \$30\.00 NZD/);
  });
});

describe('the figures count a gift net of its refunds', () => {
  it('the campaign report, the net owed and the payout cap', async () => {
    const { giftId, campaign, recipient } = await givenGift({ amount: 2500 });
    const charity = (r: CampaignReport) => r.charities.find((c) => c.recipient_id === recipient.id)!;
    const before = charity(await reportOf(campaign.id));
    expect(before).toMatchObject({ friends_gifts: 25, friends_gift_count: 1 });

    expect((await refund(giftId, 1000)).statusCode).toBe(201);
    const after = charity(await reportOf(campaign.id));
    // The card fee of the charge stays (it was taken); 10.00 less to pass on.
    expect(after).toMatchObject({ friends_gifts: 15, friends_gift_count: 1, fees: before.fees });
    expect(after.net).toBeCloseTo(before.net - 10, 2);
    expect(after.owed).toBeCloseTo(before.owed - 10, 2);

    const payout = (amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${campaign.id}/payouts`,
        headers: adminAuth,
        payload: { recipient_id: recipient.id, amount, paid_on: '2026-12-15', reference: 'NET' },
      });
    expect((await payout(Math.round((after.owed + 0.01) * 100) / 100)).statusCode).toBe(409);
    expect((await payout(after.owed)).statusCode).toBe(201);

    expect((await refund(giftId, 1500)).statusCode).toBe(201);
    const gone = charity(await reportOf(campaign.id));
    expect(gone).toMatchObject({ friends_gifts: 0, friends_gift_count: 0, fees: before.fees });
    // What was paid out is now owed back by the charity.
    expect(gone.owed).toBe(0);
  });
});

describe("the admin's gift search", () => {
  it('finds a gift by its receipt number or its page slug, with what can still be refunded', async () => {
    const { giftId, page } = await givenGift({ amount: 2000 });
    await refund(giftId, 500);
    const receipt = (await giftRow(ctx, giftId)).receipt_number!;
    for (const q of [receipt, receipt.toLowerCase(), page.slug]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/gifts?q=${encodeURIComponent(q)}`, headers: adminAuth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().gifts).toEqual([expect.objectContaining({ id: giftId, page_slug: page.slug, receipt_number: receipt, amount_minor: 2000, refunded_minor: 500, refundable_minor: 1500, status: 'succeeded' })]);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/gifts?q=NZ-1999-000001', headers: adminAuth })).json().gifts).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/gifts?q=${page.slug}`, headers: userAuth })).statusCode).toBe(403);
  });
});
