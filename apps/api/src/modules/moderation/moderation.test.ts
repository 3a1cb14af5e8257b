import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import { REPORT_THANKS, type AdminReportList } from '@uplift/core/schemas/moderation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, challengePages, contentReports, gifts, teams } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { insertGift, insertOpenCampaign, insertPage, insertTeam, type PageFixture } from '../challenge-pages/leaderboard.test-support.ts';
import { REPORTS_PER_IP } from './moderation.routes.ts';

// Reports and the admins' hiding (docs/decisions/141-moderation.md).

describe('moderation', () => {
  let ctx: TestContext;
  let who: Awaited<ReturnType<typeof adminAndUser>>;
  let page: PageFixture;
  let draft: PageFixture;
  let team: { id: number; slug: string };
  let giftId: number;
  let quietGiftId: number;

  const report = (payload: object, remoteAddress?: string) => ctx.app.inject({ method: 'POST', url: '/api/reports', payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> | null = who.adminAuth) =>
    ctx.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
  const audits = () => ctx.db.select().from(adminAudit).orderBy(adminAudit.id);

  beforeAll(async () => {
    ctx = await createTestContext();
    who = await adminAndUser(ctx);
    const campaign = await insertOpenCampaign(ctx.db, 'NZ');
    const c = { id: campaign.id, country: 'NZ' as const };
    team = await insertTeam(ctx.db, campaign.id, 'Reported Team');
    page = await insertPage(ctx.db, c, { first: 'Rua', last: 'Page', displayName: 'Rua swims the harbour', teamId: team.id });
    draft = await insertPage(ctx.db, c, { published: false });
    giftId = (await insertGift(ctx.db, page, 2500, { message: 'Rude words here' })).id;
    quietGiftId = (await insertGift(ctx.db, page, 1000, { message: '' })).id;
  }, 60_000);
  afterAll(async () => ctx.close());

  describe('POST /api/reports', () => {
    it('takes a report of a page, a team or a message from anyone and thanks them', async () => {
      for (const body of [
        { subject: 'page', slug: page.slug, reason: 'Pretends to be someone else' },
        { subject: 'team', slug: team.slug, reason: 'Offensive team name' },
        { subject: 'message', gift_id: giftId, reason: '  Rude message\nabout a person  ' },
      ]) {
        const res = await report(body);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toEqual({ message: REPORT_THANKS });
      }
      const rows = await ctx.db.select().from(contentReports).orderBy(contentReports.id);
      expect(rows.map((r) => [r.subject, r.page_id, r.team_id, r.gift_id, r.reason, r.resolved_at])).toEqual([
        ['page', page.pageId, null, null, 'Pretends to be someone else', null],
        ['team', null, team.id, null, 'Offensive team name', null],
        ['message', page.pageId, null, giftId, 'Rude message\nabout a person', null],
      ]);
    });

    it('refuses bad input with a message naming the field', async () => {
      const cases: [object, RegExp][] = [
        [{ subject: 'photo', slug: page.slug, reason: 'x' }, /^subject:/],
        [{ subject: 'page', reason: 'x' }, /^slug:/],
        [{ subject: 'page', slug: 'NOT A SLUG', reason: 'x' }, /^slug:/],
        [{ subject: 'message', reason: 'x' }, /^gift_id:/],
        [{ subject: 'message', gift_id: 'one', reason: 'x' }, /^gift_id:/],
        [{ subject: 'page', slug: page.slug, reason: '   ' }, /^reason:/],
        [{ subject: 'page', slug: page.slug, reason: 'x'.repeat(501) }, /^reason: at most 500/],
        [{ subject: 'page', slug: page.slug, reason: 'bell\u0007' }, /^reason can't contain invisible or control characters/],
        [{ subject: 'page', slug: page.slug, reason: 'Looks \u202Eharmless' }, /^reason can't contain invisible or control characters \(line breaks are fine\)/],
      ];
      for (const [body, message] of cases) {
        const res = await report(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<{ errors: { message: string }[] }>().errors.map((e) => e.message).join(' | ')).toMatch(message);
      }
      expect((await report({ subject: 'page', slug: page.slug, reason: 'x'.repeat(500) })).statusCode).toBe(201);
    });

    it('answers 404 for what the public cannot see: no such page or team, a draft, a hidden team, an empty or unknown message', async () => {
      const hiddenTeam = await insertTeam(ctx.db, page.campaignId, 'Hidden Already');
      await ctx.db.update(teams).set({ moderated_at: new Date() }).where(eq(teams.id, hiddenTeam.id));
      const failed = await insertGift(ctx.db, page, 500, { message: 'never paid', status: 'failed' });
      const cases: [object, string][] = [
        [{ subject: 'page', slug: 'no-such-page', reason: 'x' }, 'slug: there is no page at that address'],
        [{ subject: 'page', slug: draft.slug, reason: 'x' }, 'slug: there is no page at that address'],
        [{ subject: 'team', slug: 'no-such-team', reason: 'x' }, 'slug: there is no team at that address'],
        [{ subject: 'team', slug: hiddenTeam.slug, reason: 'x' }, 'slug: there is no team at that address'],
        [{ subject: 'message', gift_id: 999_999, reason: 'x' }, 'gift_id: there is no such message'],
        [{ subject: 'message', gift_id: quietGiftId, reason: 'x' }, 'gift_id: there is no such message'],
        [{ subject: 'message', gift_id: failed.id, reason: 'x' }, 'gift_id: there is no such message'],
      ];
      for (const [body, message] of cases) {
        const res = await report(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
        expect(res.json<{ message: string }>().message).toBe(message);
      }
    });

    it(`limits one IP address to ${REPORTS_PER_IP} reports in 10 minutes (another address is not held back)`, async () => {
      for (let i = 0; i < REPORTS_PER_IP; i += 1) expect((await report({ subject: 'page', slug: 'no-such-page', reason: 'x' }, '198.51.100.7')).statusCode).toBe(404);
      const limited = await report({ subject: 'page', slug: page.slug, reason: 'one too many' }, '198.51.100.7');
      expect(limited.statusCode).toBe(429);
      expect((await report({ subject: 'page', slug: page.slug, reason: 'someone else' }, '198.51.100.8')).statusCode).toBe(201);
    });
  });

  describe('the admin side', () => {
    it('is for admins only: 401 without a session, 403 for a donor', async () => {
      const calls: ['GET' | 'POST' | 'PUT', string, object?][] = [
        ['GET', '/api/admin/reports'],
        ['POST', '/api/admin/reports/1/resolve', { action: 'dismiss' }],
        ['PUT', `/api/admin/moderation/pages/${page.slug}`, { hidden: true }],
        ['PUT', `/api/admin/moderation/teams/${team.slug}`, { hidden: true }],
        ['PUT', `/api/admin/moderation/gifts/${giftId}`, { message_hidden: true }],
      ];
      for (const [method, url, payload] of calls) {
        expect((await admin(method, url, payload, null)).statusCode, url).toBe(401);
        expect((await admin(method, url, payload, who.userAuth)).statusCode, url).toBe(403);
      }
      expect(await ctx.db.select().from(challengePages).where(eq(challengePages.id, page.pageId))).toMatchObject([{ moderated_at: null }]);
    });

    it('lists open reports first with what was reported as text', async () => {
      const res = await admin('GET', '/api/admin/reports');
      expect(res.statusCode).toBe(200);
      const { reports } = res.json<AdminReportList>();
      expect(reports.every((r) => r.resolved_at === null)).toBe(true);
      expect(reports[0]).toMatchObject({ subject: 'page', reason: 'Pretends to be someone else', page: { slug: page.slug, display_name: 'Rua swims the harbour', hidden: false }, team: null, gift: null });
      expect(reports[1]).toMatchObject({ subject: 'team', team: { slug: team.slug, name: 'Reported Team', hidden: false }, page: null });
      expect(reports[2]).toMatchObject({ subject: 'message', page: { slug: page.slug }, gift: { id: giftId, message: 'Rude words here', hidden: false } });
      expect(JSON.stringify(reports)).not.toContain('@example.org');
    });

    it("hides a reported message, closes that message's reports, and audits it; a resolved report cannot be resolved again", async () => {
      await report({ subject: 'message', gift_id: giftId, reason: 'Second report of it' });
      const { reports } = (await admin('GET', '/api/admin/reports')).json<AdminReportList>();
      const messageReports = reports.filter((r) => r.subject === 'message').map((r) => r.id);
      expect(messageReports).toHaveLength(2);
      const before = (await audits()).length;
      const res = await admin('POST', `/api/admin/reports/${messageReports[0]}/resolve`, { action: 'hide', reason: 'Breaks the rules' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: messageReports[0], resolution: 'hidden', resolved_report_ids: messageReports });
      const [gift] = await ctx.db.select().from(gifts).where(eq(gifts.id, giftId));
      expect(gift!.message_moderated_at).not.toBeNull();
      const rows = await audits();
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({ admin_user_id: who.admin.id, action: 'report.hide', target: `report ${messageReports[0]}, gift ${giftId}`, after: { resolution: 'hidden', moderation_reason: 'Breaks the rules' } });
      const again = await admin('POST', `/api/admin/reports/${messageReports[1]}/resolve`, { action: 'dismiss' });
      expect(again.statusCode).toBe(409);
      expect((await audits()).length).toBe(before + 1);
      const after = (await admin('GET', '/api/admin/reports')).json<AdminReportList>().reports;
      expect(after.find((r) => r.id === messageReports[0])).toMatchObject({ resolution: 'hidden', gift: { hidden: true } });
      // Resolved ones come after every open one.
      const firstResolved = after.findIndex((r) => r.resolved_at !== null);
      expect(after.slice(firstResolved).every((r) => r.resolved_at !== null)).toBe(true);
    });

    it('dismisses a report without hiding anything, and audits it', async () => {
      const { reports } = (await admin('GET', '/api/admin/reports')).json<AdminReportList>();
      const teamReport = reports.find((r) => r.subject === 'team' && r.resolved_at === null)!;
      const res = await admin('POST', `/api/admin/reports/${teamReport.id}/resolve`, { action: 'dismiss' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ resolution: 'dismissed', resolved_report_ids: [teamReport.id] });
      expect(await ctx.db.select({ m: teams.moderated_at }).from(teams).where(eq(teams.id, team.id))).toEqual([{ m: null }]);
      expect((await audits()).at(-1)).toMatchObject({ action: 'report.dismiss', target: `report ${teamReport.id}`, before: { subject: 'team', resolution: null }, after: { resolution: 'dismissed' } });
      expect((await admin('POST', '/api/admin/reports/999999/resolve', { action: 'hide', reason: 'Breaks the rules' })).statusCode).toBe(404);
      const bad = await admin('POST', `/api/admin/reports/${teamReport.id}/resolve`, { action: 'delete' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/action/);
    });

    it('hides a page from a report, closing all its open page reports', async () => {
      const { reports } = (await admin('GET', '/api/admin/reports')).json<AdminReportList>();
      const pageReports = reports.filter((r) => r.subject === 'page' && r.resolved_at === null).map((r) => r.id);
      expect(pageReports.length).toBeGreaterThan(1);
      const res = await admin('POST', `/api/admin/reports/${pageReports[0]}/resolve`, { action: 'hide', reason: 'Breaks the rules' });
      expect(res.json<{ resolved_report_ids: number[] }>().resolved_report_ids).toEqual(pageReports);
      expect((await audits()).at(-1)).toMatchObject({ action: 'report.hide', target: `report ${pageReports[0]}, page ${page.pageId}` });
      const [row] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, page.pageId));
      expect(row!.moderated_at).not.toBeNull();
    });

    it('hides and shows a page, a team, their photos and a message directly, each audited with before and after', async () => {
      const steps: [string, object, object, Partial<AdminAuditEntry>][] = [
        [`/api/admin/moderation/pages/${page.slug}`, { hidden: false }, { hidden: false, photo_hidden: false, story_hidden: false }, { action: 'page.moderate', target: `page ${page.pageId} (${page.slug})`, before: { hidden: true, photo_hidden: false, story_hidden: false } }],
        [`/api/admin/moderation/pages/${page.slug}`, { photo_hidden: true, reason: 'Breaks the rules' }, { hidden: false, photo_hidden: true, story_hidden: false }, { action: 'page.moderate', after: { hidden: false, photo_hidden: true, story_hidden: false, moderation_reason: 'Breaks the rules' } }],
        [`/api/admin/moderation/teams/${team.slug}`, { hidden: true, photo_hidden: true, reason: 'Breaks the rules' }, { hidden: true, photo_hidden: true, story_hidden: false }, { action: 'team.moderate', target: `team ${team.id} (${team.slug})`, before: { hidden: false } }],
        [`/api/admin/moderation/teams/${team.slug}`, { hidden: false }, { hidden: false, photo_hidden: true, story_hidden: false }, { action: 'team.moderate', after: { hidden: false, photo_hidden: true, story_hidden: false } }],
        [`/api/admin/moderation/gifts/${giftId}`, { message_hidden: false }, { message_hidden: false }, { action: 'gift.moderate', target: `gift ${giftId}`, before: { message_hidden: true }, after: { message_hidden: false } }],
      ];
      for (const [url, body, answer, entry] of steps) {
        const before = (await audits()).length;
        const res = await admin('PUT', url, body);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(res.json()).toEqual(answer);
        const rows = await audits();
        expect(rows).toHaveLength(before + 1);
        expect(rows.at(-1)).toMatchObject({ admin_user_id: who.admin.id, ...entry });
      }
      const [p] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, page.pageId));
      expect(p).toMatchObject({ moderated_at: null });
      expect(p!.photo_moderated_at).not.toBeNull();
    });

    it('refuses an unknown target or an empty change, leaving no audit row', async () => {
      const before = (await audits()).length;
      const cases: [string, object, number, RegExp][] = [
        ['/api/admin/moderation/pages/no-such-page', { hidden: true, reason: 'Breaks the rules' }, 404, /^slug:/],
        ['/api/admin/moderation/teams/no-such-team', { hidden: true, reason: 'Breaks the rules' }, 404, /^slug:/],
        ['/api/admin/moderation/gifts/999999', { message_hidden: true, reason: 'Breaks the rules' }, 404, /^gift_id:/],
        [`/api/admin/moderation/pages/${page.slug}`, {}, 400, /hidden/],
        [`/api/admin/moderation/gifts/${giftId}`, { message_hidden: 'yes' }, 400, /message_hidden/],
      ];
      for (const [url, body, status, message] of cases) {
        const res = await admin('PUT', url, body);
        expect(res.statusCode, url).toBe(status);
        expect(res.json<{ message: string }>().message).toMatch(message);
      }
      expect((await audits()).length).toBe(before);
    });
  });
});
