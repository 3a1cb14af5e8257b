import { REPORT_THANKS, type AdminReportList } from '@uplift/core/schemas/moderation';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, contentReports, mails, pageUpdates, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { insertOpenCampaign, insertPage, type PageFixture } from '../challenge-pages/leaderboard.test-support.ts';
import { REPORTS_PER_IP } from './moderation.routes.ts';

// A visitor reports an owner's update on /p/{slug}; an admin sees its text and hides it
// (docs/decisions/173, 141-moderation.md).

describe('reports of an update', () => {
  let ctx: TestContext;
  let who: Awaited<ReturnType<typeof adminAndUser>>;
  let campaign: { id: number; country: 'NZ' };
  let page: PageFixture;

  const report = (payload: object, remoteAddress?: string) => ctx.app.inject({ method: 'POST', url: '/api/reports', payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: who.adminAuth, ...(payload ? { payload } : {}) });
  const audits = () => ctx.db.select().from(adminAudit).orderBy(adminAudit.id);
  const post = async (pageId: number, body: string, moderated_at: Date | null = null) =>
    (await ctx.db.insert(pageUpdates).values({ page_id: pageId, body, photo_id: null, moderated_at }).returning({ id: pageUpdates.id }))[0]!.id;
  const shownOn = async (slug: string) => (await ctx.app.inject({ method: 'GET', url: `/api/pages/${slug}` })).json<{ updates: { id: number }[] }>().updates.map((u) => u.id);
  const reportsOf = (updateId: number) => ctx.db.select().from(contentReports).where(eq(contentReports.update_id, updateId)).orderBy(contentReports.id);

  beforeAll(async () => {
    ctx = await createTestContext();
    who = await adminAndUser(ctx);
    const c = await insertOpenCampaign(ctx.db, 'NZ');
    campaign = { id: c.id, country: 'NZ' };
    page = await insertPage(ctx.db, campaign, { first: 'Tama', displayName: 'Tama walks to work' });
  }, 60_000);
  afterAll(async () => ctx.close());

  it('takes a report of an update anyone sees, tied to the update and its page', async () => {
    const updateId = await post(page.pageId, 'Rude words in an update');
    const res = await report({ subject: 'update', update_id: updateId, reason: '  Insults a person  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: REPORT_THANKS });
    expect((await reportsOf(updateId)).map((r) => [r.subject, r.page_id, r.update_id, r.team_id, r.gift_id, r.reason])).toEqual([['update', page.pageId, updateId, null, null, 'Insults a person']]);
  });

  it('refuses a bad body with a message naming the field', async () => {
    const cases: [object, RegExp][] = [
      [{ subject: 'update', reason: 'x' }, /^update_id: say which update/],
      [{ subject: 'update', update_id: 'one', reason: 'x' }, /^update_id: must be the id of an update/],
      [{ subject: 'update', update_id: -3, reason: 'x' }, /^update_id: must be the id of an update/],
      [{ subject: 'update', update_id: 2_147_483_648, reason: 'x' }, /^update_id: must be the id of an update/],
      [{ subject: 'update', update_id: 1, reason: '  ' }, /^reason:/],
      [{ subject: 'updates', update_id: 1, reason: 'x' }, /^subject: must be page, team, message or update/],
    ];
    for (const [body, message] of cases) {
      const res = await report(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ errors: { message: string }[] }>().errors.map((e) => e.message).join(' | ')).toMatch(message);
    }
  });

  it('answers 404 for an update the public cannot see: unknown, hidden by an admin, or on a draft page', async () => {
    const hidden = await post(page.pageId, 'Already hidden', new Date());
    const draft = await insertPage(ctx.db, campaign, { published: false });
    const onDraft = await post(draft.pageId, 'On a draft');
    for (const updateId of [999_999, hidden, onDraft]) {
      const res = await report({ subject: 'update', update_id: updateId, reason: 'x' });
      expect(res.statusCode, String(updateId)).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('update_id: there is no such update');
    }
    expect(await ctx.db.select().from(contentReports).where(eq(contentReports.update_id, hidden))).toEqual([]);
  });

  it(`has the same limit as every report: ${REPORTS_PER_IP} from one IP address in 10 minutes`, async () => {
    const updateId = await post(page.pageId, 'Limited');
    for (let i = 0; i < REPORTS_PER_IP; i += 1) expect((await report({ subject: 'update', update_id: 999_999, reason: 'x' }, '198.51.100.21')).statusCode).toBe(404);
    expect((await report({ subject: 'update', update_id: updateId, reason: 'one too many' }, '198.51.100.21')).statusCode).toBe(429);
    expect((await report({ subject: 'page', slug: page.slug, reason: 'one too many' }, '198.51.100.21')).statusCode).toBe(429);
  });

  it('is listed for the admins with the update’s text and a link to its page; hiding it hides the update from /p, closes its reports, mails the owner and is audited', async () => {
    const updateId = await post(page.pageId, 'Say something awful');
    await report({ subject: 'update', update_id: updateId, reason: 'Awful' });
    await report({ subject: 'update', update_id: updateId, reason: 'Really awful' });
    const { reports } = (await admin('GET', '/api/admin/reports')).json<AdminReportList>();
    const mine = reports.filter((r) => r.update?.id === updateId);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      subject: 'update',
      reason: 'Awful',
      page: { slug: page.slug, display_name: 'Tama walks to work', hidden: false },
      team: null,
      gift: null,
      update: { id: updateId, body: 'Say something awful', hidden: false },
      url: `/p/${page.slug}`,
      resolved_at: null,
    });
    expect(await shownOn(page.slug)).toContain(updateId);

    // Only the whole update can be hidden.
    const part = await admin('POST', `/api/admin/reports/${mine[0]!.id}/resolve`, { action: 'hide_photo', reason: 'Breaks the rules' });
    expect([part.statusCode, part.json<{ message: string }>().message]).toEqual([400, 'action: a report of an update can hide the update or be dismissed']);

    const before = (await audits()).length;
    const res = await admin('POST', `/api/admin/reports/${mine[0]!.id}/resolve`, { action: 'hide', reason: 'Breaks the rules' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: mine[0]!.id, resolution: 'hidden', resolved_report_ids: mine.map((r) => r.id) });
    expect(await shownOn(page.slug)).not.toContain(updateId);
    const [row] = await ctx.db.select().from(pageUpdates).where(eq(pageUpdates.id, updateId));
    expect(row!.moderated_at).not.toBeNull();
    const rows = await audits();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      admin_user_id: who.admin.id,
      action: 'report.hide',
      target: `report ${mine[0]!.id}, update ${updateId}`,
      before: { subject: 'update', reason: 'Awful', resolution: null },
      after: { resolution: 'hidden', action: 'hide', moderation_reason: 'Breaks the rules' },
    });
    const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, page.userId));
    const notices = await ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.to_address, owner!.email), eq(mails.kind, 'moderation-notice')))
      .orderBy(desc(mails.id));
    expect(notices).toHaveLength(1);
    expect(JSON.stringify(notices[0])).toContain('one of your updates on your challenge page');
    const after = (await admin('GET', '/api/admin/reports')).json<AdminReportList>().reports.find((r) => r.id === mine[0]!.id);
    expect(after).toMatchObject({ resolution: 'hidden', update: { id: updateId, hidden: true } });
  });

  it('stays when its owner deletes the update (the admins’ record), and can then only be dismissed', async () => {
    const updateId = await post(page.pageId, 'Soon deleted');
    await report({ subject: 'update', update_id: updateId, reason: 'Spam' });
    const [filed] = await reportsOf(updateId);
    await ctx.db.delete(pageUpdates).where(eq(pageUpdates.id, updateId));

    const [kept] = await ctx.db.select().from(contentReports).where(eq(contentReports.id, filed!.id));
    expect(kept).toMatchObject({ subject: 'update', update_id: null, page_id: page.pageId, reason: 'Spam' });
    const listed = (await admin('GET', '/api/admin/reports')).json<AdminReportList>().reports.find((r) => r.id === filed!.id);
    expect(listed).toMatchObject({ subject: 'update', update: null, page: { slug: page.slug }, url: `/p/${page.slug}` });

    const before = (await audits()).length;
    const hide = await admin('POST', `/api/admin/reports/${filed!.id}/resolve`, { action: 'hide', reason: 'Breaks the rules' });
    expect(hide.statusCode, hide.body).toBe(409);
    expect((await audits()).length).toBe(before);
    expect((await admin('POST', `/api/admin/reports/${filed!.id}/resolve`, { action: 'dismiss' })).json()).toMatchObject({ resolution: 'dismissed', resolved_report_ids: [filed!.id] });
  });
});
