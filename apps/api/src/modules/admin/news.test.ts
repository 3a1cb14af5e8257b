import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, mails, newsUpdates } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser, firstRecipient, insertCampaign, insertPledge, insertUser, recipientsOf } from './admin.test-support.ts';
import { sendNewsBatch } from './news.service.ts';

// News the trust sends (docs/decisions/137): preview per country with the count, an audited send to
// the donors who opted in, in batches through the outbox, each mail with the one-click unsubscribe.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const mailsTo = (email: string) => ctx.db.select().from(mails).where(eq(mails.to_address, email));

async function campaignWithDonors() {
  const campaign = await insertCampaign(ctx);
  const ukCampaign = await insertCampaign(ctx, { country: 'UK', campaign_name: 'December Uplift Challenge' });
  const charity = await firstRecipient(ctx, 'NZ');
  const ukCharity = await firstRecipient(ctx, 'UK');
  const optedIn = await insertUser(ctx, { opt_in_uplift_comms: true, first_name: 'Hemi' });
  const optedInUk = await insertUser(ctx, { opt_in_uplift_comms: true, country: 'UK', first_name: 'Olivia' });
  const notOptedIn = await insertUser(ctx, { opt_in_uplift_comms: false });
  const pendingOnly = await insertUser(ctx, { opt_in_uplift_comms: true });
  const erased = await insertUser(ctx, { opt_in_uplift_comms: true, erased_at: new Date('2026-11-01T00:00:00Z') });
  await insertPledge(ctx, { user_id: optedIn.id, campaign_id: campaign.id, recipient_id: charity.id });
  await insertPledge(ctx, { user_id: optedInUk.id, campaign_id: ukCampaign.id, recipient_id: ukCharity.id });
  await insertPledge(ctx, { user_id: notOptedIn.id, campaign_id: campaign.id, recipient_id: charity.id });
  await insertPledge(ctx, { user_id: pendingOnly.id, campaign_id: campaign.id, recipient_id: charity.id, pledge_status: 'Pending' });
  await insertPledge(ctx, { user_id: erased.id, campaign_id: campaign.id, recipient_id: charity.id });
  return { campaign, ukCampaign, charity, ukCharity, optedIn, optedInUk, notOptedIn, pendingOnly, erased };
}

const draft = (audience: object) => ({ subject: 'What your month did', text: 'Thank you all.\n\nThe totals are in: see the site.', audience });

describe('news updates', () => {
  it('previews each country’s mail and the count; sends only to opted-in donors of the campaign; audited; each with one-click unsubscribe', async () => {
    const { adminAuth, admin } = await adminAndUser(ctx);
    const d = await campaignWithDonors();

    const preview = await ctx.app.inject({ method: 'POST', url: '/api/admin/news/preview', headers: adminAuth, payload: draft({ kind: 'campaign', campaign_id: d.campaign.id }) });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<{ recipients: number; previews: { country: string; subject: string; text: string }[] }>();
    expect(body.recipients).toBe(1);
    expect(body.previews.map((p) => p.country)).toEqual(['NZ', 'UK']);
    expect(body.previews[0]!.text).toContain('Kia ora Alex,');
    expect(body.previews[1]!.text).toMatch(/^Hello Alex,/);
    expect(body.previews[0]!.text).toContain('The totals are in: see the site.');
    expect(body.previews[0]!.text).toContain('Stop news from Uplift: ');
    expect(await ctx.db.select().from(newsUpdates)).toEqual([]);

    // A count that is not the one shown is refused (the audience changed): nothing sent, nothing audited.
    const stale = await ctx.app.inject({ method: 'POST', url: '/api/admin/news', headers: adminAuth, payload: { ...draft({ kind: 'campaign', campaign_id: d.campaign.id }), recipients: 5 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('1 donors would get it now');

    const sent = await ctx.app.inject({ method: 'POST', url: '/api/admin/news', headers: adminAuth, payload: { ...draft({ kind: 'campaign', campaign_id: d.campaign.id }), recipients: 1 } });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ status: 'sent', recipients: 1, queued: 1 });
    const [mail] = await mailsTo(d.optedIn.email);
    expect(mail).toMatchObject({ kind: 'news', subject: 'What your month did' });
    expect(mail!.text_body).toContain('Kia ora Hemi,');
    expect(mail!.text_body).toContain('You get this because you asked for news from Uplift');
    expect(mail!.list_unsubscribe).toMatch(/\/api\/unsubscribe\?token=/);
    for (const other of [d.optedInUk, d.notOptedIn, d.pendingOnly, d.erased]) expect(await mailsTo(other.email)).toEqual([]);

    const audit = await ctx.db.select().from(adminAudit).where(eq(adminAudit.action, 'news.send'));
    expect(audit).toEqual([expect.objectContaining({ admin_user_id: admin.id, target: `news:${sent.json<{ id: number }>().id}` })]);

    // Its link stops that news at once, signed out.
    const oneClick = new URL(mail!.list_unsubscribe!);
    const stop = await ctx.app.inject({ method: 'POST', url: oneClick.pathname + oneClick.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(stop.json()).toMatchObject({ kind: 'uplift_news', stopped: true });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/admin/news/preview', headers: adminAuth, payload: draft({ kind: 'campaign', campaign_id: d.campaign.id }) });
    expect(again.json().recipients).toBe(0);
  });

  it('a charity’s news goes to its donors who opted in to charity news, UK greeted as in the UK', async () => {
    const { adminAuth } = await adminAndUser(ctx);
    const ukCampaign = await insertCampaign(ctx, { country: 'UK', campaign_name: 'December Uplift Challenge' });
    const [charity, other] = await recipientsOf(ctx, 'UK');
    const fan = await insertUser(ctx, { opt_in_charity_comms: true, country: 'UK', first_name: 'Olivia' });
    const otherCharityFan = await insertUser(ctx, { opt_in_charity_comms: true, country: 'UK' });
    await insertPledge(ctx, { user_id: fan.id, campaign_id: ukCampaign.id, recipient_id: charity!.id });
    await insertPledge(ctx, { user_id: otherCharityFan.id, campaign_id: ukCampaign.id, recipient_id: other!.id });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/news', headers: adminAuth, payload: { ...draft({ kind: 'charity', recipient_id: charity!.id }), recipients: 1 } });
    expect(res.statusCode, res.body).toBe(202);
    const [mail] = await mailsTo(fan.email);
    expect(mail!.text_body).toMatch(/^Hello Olivia,/);
    expect(mail!.text_body).toContain(`You get this because you asked for news from ${charity!.recipient_name}`);
    expect(mail!.text_body).toContain(`Stop news from ${charity!.recipient_name}: `);
    expect(await mailsTo(otherCharityFan.email)).toEqual([]);
  });

  it('goes in batches by the cursor; a batch reads the audience as it is then', async () => {
    const { adminAuth } = await adminAndUser(ctx);
    const campaign = await insertCampaign(ctx);
    const charity = await firstRecipient(ctx, 'NZ');
    const donors = [];
    for (let i = 0; i < 5; i++) {
      const u = await insertUser(ctx, { opt_in_uplift_comms: true });
      await insertPledge(ctx, { user_id: u.id, campaign_id: campaign.id, recipient_id: charity.id });
      donors.push(u);
    }
    // Recorded through the API with a queue-less app... then walked here two at a time, as the job would.
    const [row] = await ctx.db
      .insert(newsUpdates)
      .values({ subject: 'Batch test', body: 'Hello.', audience: 'campaign', campaign_id: campaign.id, recipient_count: 5, created_by: donors[0]!.id, created_at: ctx.clock.now() })
      .returning();
    const deps = { db: ctx.db, clock: ctx.clock, mailer: ctx.app.mailer, queue: undefined, log: pino({ level: 'silent' }), config: ctx.config, pace: { batchSize: 2, everySeconds: 1 } };
    expect(await sendNewsBatch(deps, row!.id)).toEqual({ done: false, queued: 2 });
    // Donor 3 withdraws before their batch: they are skipped.
    await ctx.db.execute(`update users set opt_in_uplift_comms = false where id = ${donors[2]!.id}`);
    expect(await sendNewsBatch(deps, row!.id)).toEqual({ done: false, queued: 2 });
    expect(await sendNewsBatch(deps, row!.id)).toEqual({ done: true, queued: 0 });
    expect(await sendNewsBatch(deps, row!.id)).toEqual({ done: true, queued: 0 }); // finished: nothing more
    const got = await Promise.all(donors.map(async (u) => (await mailsTo(u.email)).length));
    expect(got).toEqual([1, 1, 0, 1, 1]);
    const [after] = await ctx.db.select().from(newsUpdates).where(eq(newsUpdates.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', queued_count: 4 });
    void adminAuth;
  });

  it('is for admins only, and refuses a draft naming the bad field', async () => {
    const { userAuth, adminAuth } = await adminAndUser(ctx);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/news/preview', headers: userAuth, payload: draft({ kind: 'campaign', campaign_id: 1 }) })).statusCode).toBe(403);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/admin/news/preview', headers: adminAuth, payload: { subject: ' ', text: 'x', audience: { kind: 'campaign', campaign_id: 1 } } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('subject: write a subject');
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/admin/news/preview', headers: adminAuth, payload: draft({ kind: 'charity', recipient_id: 999999 }) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('audience');
  });
});
