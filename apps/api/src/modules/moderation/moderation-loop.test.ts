import type { AdminReportList } from '@uplift/core/schemas/moderation';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, challengePages, contentReports, fundraisingPhotos, gifts, mails, teams, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { insertGift, insertOpenCampaign, insertPage, insertTeam, type PageFixture } from '../challenge-pages/leaderboard.test-support.ts';

// Moderation closes the loop (docs/decisions/159): a hide takes a reason and mails it to the owner
// (a team's captain) with how to ask for a review; the owner's /my-page carries the reason; an
// admin can take only a photo, a story or a message off; a report links to what was reported.

describe('moderation that closes the loop', () => {
  let ctx: TestContext;
  let who: Awaited<ReturnType<typeof adminAndUser>>;
  let campaign: { id: number; country: 'NZ' };

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => ctx.app.inject({ method, url, headers: who.adminAuth, ...(payload ? { payload } : {}) });
  const asOwner = async (userId: number, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await ctx.app.signAccessToken({ id: userId, role: 'user' })}` } });
  const emailOf = async (userId: number) => (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;
  const noticesTo = async (userId: number) =>
    ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.to_address, await emailOf(userId)), eq(mails.kind, 'moderation-notice')))
      .orderBy(mails.id);
  const report = async (body: object) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/reports', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select({ id: contentReports.id }).from(contentReports).orderBy(desc(contentReports.id)).limit(1);
    return row!.id;
  };
  const withPhoto = async (kind: 'page' | 'team', id: number) => {
    const sha = `${id}`.padStart(8, '0') + 'ab'.repeat(28);
    const [photo] = await ctx.db.insert(fundraisingPhotos).values({ data: Buffer.from('full'), card_data: Buffer.from('card'), sha256: sha, width: 400, height: 400 }).returning();
    if (kind === 'page') await ctx.db.update(challengePages).set({ photo_id: photo!.id }).where(eq(challengePages.id, id));
    else await ctx.db.update(teams).set({ photo_id: photo!.id }).where(eq(teams.id, id));
    return sha;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    who = await adminAndUser(ctx);
    const c = await insertOpenCampaign(ctx.db, 'NZ');
    campaign = { id: c.id, country: 'NZ' };
  }, 60_000);
  afterAll(async () => ctx.close());

  describe('a hide needs a reason', () => {
    let page: PageFixture;
    beforeAll(async () => {
      page = await insertPage(ctx.db, campaign, { first: 'Mere' });
    });

    it('refuses a hide without a reason, or with an unsafe one, and changes nothing', async () => {
      const before = (await ctx.db.select().from(adminAudit)).length;
      const cases: [string, object, RegExp][] = [
        [`/api/admin/moderation/pages/${page.slug}`, { hidden: true }, /^reason: say why/],
        [`/api/admin/moderation/pages/${page.slug}`, { photo_hidden: true, reason: '   ' }, /^reason: say why/],
        [`/api/admin/moderation/pages/${page.slug}`, { story_hidden: true, reason: 'x'.repeat(501) }, /^reason: at most 500/],
        [`/api/admin/moderation/pages/${page.slug}`, { hidden: true, reason: 'Looks \u202Eharmless' }, /^reason can't contain invisible or control characters/],
        [`/api/admin/moderation/gifts/1`, { message_hidden: true }, /^reason: say why/],
      ];
      for (const [url, body, message] of cases) {
        const res = await admin('PUT', url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<{ errors: { message: string }[] }>().errors.map((e) => e.message).join(' | ')).toMatch(message);
      }
      const resolve = await admin('POST', '/api/admin/reports/1/resolve', { action: 'hide' });
      expect(resolve.statusCode).toBe(400);
      expect(resolve.json<{ errors: { message: string }[] }>().errors[0]!.message).toMatch(/^reason:/);
      const [row] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, page.pageId));
      expect(row).toMatchObject({ moderated_at: null, photo_moderated_at: null, story_moderated_at: null, moderation_reason: null });
      expect((await ctx.db.select().from(adminAudit)).length).toBe(before);
      expect(await noticesTo(page.userId)).toEqual([]);
    });

    it('hides a page with its reason: the owner is mailed it and how to ask for a review, their page says it; showing it again clears it and mails nothing', async () => {
      const res = await admin('PUT', `/api/admin/moderation/pages/${page.slug}`, { hidden: true, reason: '  Uses a photo of someone else  ' });
      expect(res.statusCode, res.body).toBe(200);
      const sent = await noticesTo(page.userId);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe('An admin has hidden your challenge page');
      expect(sent[0]!.text_body).toContain('Kia ora Mere,');
      expect(sent[0]!.text_body).toContain('The reason they gave: "Uses a photo of someone else"');
      expect(sent[0]!.text_body).toContain('reply to this email or write to hello@uplift.org.nz to ask for a review');
      expect(sent[0]!.text_body).toContain('/my-page');
      const audit = (await ctx.db.select().from(adminAudit).orderBy(adminAudit.id)).at(-1)!;
      expect(audit).toMatchObject({ action: 'page.moderate', after: { hidden: true, moderation_reason: 'Uses a photo of someone else' } });

      const mine = await asOwner(page.userId, '/api/my-page');
      expect(mine.json()).toMatchObject({ public: false, moderated: true, moderation_reason: 'Uses a photo of someone else' });

      // Hiding it again (a new reason) is no news to the owner: one mail per hide.
      expect((await admin('PUT', `/api/admin/moderation/pages/${page.slug}`, { hidden: true, reason: 'Still under review' })).statusCode).toBe(200);
      expect(await noticesTo(page.userId)).toHaveLength(1);
      expect((await asOwner(page.userId, '/api/my-page')).json()).toMatchObject({ moderation_reason: 'Still under review' });

      expect((await admin('PUT', `/api/admin/moderation/pages/${page.slug}`, { hidden: false })).statusCode).toBe(200);
      expect((await asOwner(page.userId, '/api/my-page')).json()).toMatchObject({ public: true, moderated: false, moderation_reason: null });
      expect(await noticesTo(page.userId)).toHaveLength(1);
    });

    it("hides a team and mails its captain, not its members", async () => {
      const team = await insertTeam(ctx.db, campaign.id, 'Night Owls');
      const captain = await insertPage(ctx.db, campaign, { first: 'Tui', teamId: team.id });
      const member = await insertPage(ctx.db, campaign, { first: 'Ana', teamId: team.id });
      await ctx.db.update(teams).set({ captain_page_id: captain.pageId }).where(eq(teams.id, team.id));
      const res = await admin('PUT', `/api/admin/moderation/teams/${team.slug}`, { hidden: true, reason: 'Offensive team name' });
      expect(res.statusCode, res.body).toBe(200);
      const sent = await noticesTo(captain.userId);
      expect(sent.map((m) => m.subject)).toEqual(['An admin has hidden your team']);
      expect(sent[0]!.text_body).toContain('The reason they gave: "Offensive team name"');
      expect(sent[0]!.text_body).toContain(`/t/${team.slug}`);
      expect(await noticesTo(member.userId)).toEqual([]);
      const [row] = await ctx.db.select().from(teams).where(eq(teams.id, team.id));
      expect(row!.moderation_reason).toBe('Offensive team name');
      expect((await asOwner(captain.userId, '/api/my-page')).json()).toMatchObject({ team: { slug: team.slug, captain: true, hidden: true, moderation_reason: 'Offensive team name' } });
      // A member sees that the team is hidden, not the admin's words to its captain.
      expect((await asOwner(member.userId, '/api/my-page')).json()).toMatchObject({ team: { slug: team.slug, captain: false, hidden: true, moderation_reason: null } });
    });
  });

  describe('only a photo, a story or a message', () => {
    let page: PageFixture;
    let sha: string;
    let reportId: number;

    beforeAll(async () => {
      page = await insertPage(ctx.db, campaign, { first: 'Hemi', displayName: 'Hemi walks' });
      await ctx.db.update(challengePages).set({ story: 'My story, with a rude word.' }).where(eq(challengePages.id, page.pageId));
      sha = await withPhoto('page', page.pageId);
      reportId = await report({ subject: 'page', slug: page.slug, reason: 'The photo is not theirs' });
    });

    it('links a report to what was reported, with a thumbnail of its photo while the public sees it', async () => {
      const { reports } = (await admin('GET', '/api/admin/reports')).json<AdminReportList>();
      expect(reports.find((r) => r.id === reportId)).toMatchObject({
        url: `/p/${page.slug}`,
        thumbnail_url: `/api/pages/${page.slug}/photo/${sha.slice(0, 16)}.webp?size=card`,
        page: { slug: page.slug, hidden: false, photo_hidden: false, story_hidden: false },
      });
    });

    it("hides only the photo from a report: the page stays public without it, the owner is mailed, the report's thumbnail goes", async () => {
      const res = await admin('POST', `/api/admin/reports/${reportId}/resolve`, { action: 'hide_photo', reason: 'The photo shows someone else' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: reportId, resolution: 'hidden', resolved_report_ids: [reportId] });
      const publicPage = (await ctx.app.inject({ method: 'GET', url: `/api/pages/${page.slug}` })).json();
      expect(publicPage).toMatchObject({ slug: page.slug, photo_url: null, story: 'My story, with a rude word.' });
      const sent = await noticesTo(page.userId);
      expect(sent.map((m) => m.subject)).toEqual(['An admin has hidden the photo on your challenge page']);
      expect(sent[0]!.text_body).toContain('The reason they gave: "The photo shows someone else"');
      expect((await ctx.db.select().from(adminAudit).orderBy(adminAudit.id)).at(-1)).toMatchObject({
        action: 'report.hide',
        target: `report ${reportId}, page ${page.pageId} photo`,
        after: { action: 'hide_photo', moderation_reason: 'The photo shows someone else' },
      });
      const { reports } = (await admin('GET', '/api/admin/reports')).json<AdminReportList>();
      expect(reports.find((r) => r.id === reportId)).toMatchObject({ url: `/p/${page.slug}`, thumbnail_url: null, page: { hidden: false, photo_hidden: true } });
      expect((await asOwner(page.userId, '/api/my-page')).json()).toMatchObject({ public: true, moderated: false, photo_moderated: true, moderation_reason: null });
    });

    it('hides only the story: the public page shows none, its owner still has it, and is mailed', async () => {
      const storyReport = await report({ subject: 'page', slug: page.slug, reason: 'Rude story' });
      const res = await admin('POST', `/api/admin/reports/${storyReport}/resolve`, { action: 'hide_story', reason: 'A rude word in the story' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/pages/${page.slug}` })).json()).toMatchObject({ story: '' });
      expect((await asOwner(page.userId, '/api/my-page')).json()).toMatchObject({ story: 'My story, with a rude word.', story_moderated: true, public: true });
      expect((await noticesTo(page.userId)).map((m) => m.subject)).toContain('An admin has hidden the story on your challenge page');
      // Directly too, and shown again.
      const shown = await admin('PUT', `/api/admin/moderation/pages/${page.slug}`, { story_hidden: false });
      expect(shown.json()).toEqual({ hidden: false, photo_hidden: true, story_hidden: false });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/pages/${page.slug}` })).json()).toMatchObject({ story: 'My story, with a rude word.' });
    });

    it("hides a team's story only", async () => {
      const team = await insertTeam(ctx.db, campaign.id, 'Story Team', { story: 'Team story' });
      const captain = await insertPage(ctx.db, campaign, { teamId: team.id });
      await ctx.db.update(teams).set({ captain_page_id: captain.pageId }).where(eq(teams.id, team.id));
      const res = await admin('PUT', `/api/admin/moderation/teams/${team.slug}`, { story_hidden: true, reason: 'Not about the challenge' });
      expect(res.json()).toEqual({ hidden: false, photo_hidden: false, story_hidden: true });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/teams/${team.slug}` })).json()).toMatchObject({ name: 'Story Team', story: '' });
      expect((await noticesTo(captain.userId)).map((m) => m.subject)).toEqual(["An admin has hidden your team's story"]);
    });

    it("hides a friend's message and mails the page's owner; a message report cannot hide a photo", async () => {
      const gift = await insertGift(ctx.db, page, 2000, { message: 'Something nasty' });
      const messageReport = await report({ subject: 'message', gift_id: gift.id, reason: 'Nasty' });
      const wrong = await admin('POST', `/api/admin/reports/${messageReport}/resolve`, { action: 'hide_photo', reason: 'x' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'moderation.action_not_for_message' });
      const before = (await noticesTo(page.userId)).length;
      const res = await admin('POST', `/api/admin/reports/${messageReport}/resolve`, { action: 'hide', reason: 'Abusive message' });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await ctx.db.select().from(gifts).where(eq(gifts.id, gift.id));
      expect(row!.message_moderated_at).not.toBeNull();
      const sent = await noticesTo(page.userId);
      expect(sent).toHaveLength(before + 1);
      expect(sent.at(-1)).toMatchObject({ subject: "An admin has hidden a friend's message on your challenge page" });
      expect(sent.at(-1)!.text_body).toContain('The reason they gave: "Abusive message"');

      const other = await insertGift(ctx.db, page, 2000, { message: 'Another' });
      expect((await admin('PUT', `/api/admin/moderation/gifts/${other.id}`, { message_hidden: true, reason: 'Spam' })).statusCode).toBe(200);
      expect(await noticesTo(page.userId)).toHaveLength(before + 2);
    });
  });

  describe('a team with no public members', () => {
    it('lists and counts none of a hidden member, and its card and page agree', async () => {
      const team = await insertTeam(ctx.db, campaign.id, 'Lonely Team');
      const member = await insertPage(ctx.db, campaign, { teamId: team.id, pledged: 8900 });
      await ctx.db.update(teams).set({ captain_page_id: member.pageId }).where(eq(teams.id, team.id));
      expect((await admin('PUT', `/api/admin/moderation/pages/${member.slug}`, { hidden: true, reason: 'Impersonation' })).statusCode).toBe(200);
      const res = await ctx.app.inject({ method: 'GET', url: `/api/teams/${team.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ members: [], raised: { pledged: 0, gifts: 0, total: 0 } });
    });
  });
});
