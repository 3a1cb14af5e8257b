import type { LeaderboardResponse } from '@uplift/core/schemas/leaderboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengePages, teams, users } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { leaderboardName } from './leaderboard.service.ts';
import { insertGift, insertOpenCampaign, insertPage, insertTeam, type PageFixture } from './leaderboard.test-support.ts';

// GET /api/leaderboards (docs/decisions/140-leaderboards.md).

describe('leaderboards', () => {
  let ctx: TestContext;
  const board = async (country: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/leaderboards?country=${country}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LeaderboardResponse>();
  };
  /** Moves the clock past the in-process cache's lifetime. */
  let seconds = 0;
  const later = () => {
    seconds += 10;
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + seconds * 1000).toISOString());
  };

  /** A page whose pledge's `pledged` was received in full (one Success payment): raised counts money received (product-rules §21). */
  const paidPage = (campaign: { id: number; country: 'NZ' | 'UK' }, opts: Parameters<typeof insertPage>[2] = {}) =>
    insertPage(ctx.db, campaign, { ...opts, paid: opts.pledged });

  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(async () => ctx.close());

  it('names people by first name and initial', () => {
    expect(leaderboardName('Sam', 'kelly')).toBe('Sam K.');
    expect(leaderboardName(' Aroha ', 'Ōrākei')).toBe('Aroha Ō.');
    expect(leaderboardName('Mo', '')).toBe('Mo');
  });

  it('answers 400 naming the field for a bad country and 404 when the country has no open campaign', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/leaderboards?country=AU' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/country/i);
    const none = await ctx.app.inject({ method: 'GET', url: '/api/leaderboards?country=UK' });
    expect(none.statusCode).toBe(404);
  });

  describe('an NZ and a UK campaign', () => {
    let nz: { id: number; country: 'NZ' };
    let uk: { id: number; country: 'UK' };
    let top: PageFixture;
    let second: PageFixture;
    let giftsOnly: PageFixture;
    let teamA: number;
    beforeAll(async () => {
      nz = { id: (await insertOpenCampaign(ctx.db, 'NZ')).id, country: 'NZ' };
      uk = { id: (await insertOpenCampaign(ctx.db, 'UK')).id, country: 'UK' };
      later();
    });

    it('shows an empty leaderboard while no one has opted in', async () => {
      await paidPage(nz, { first: 'Hidden', last: 'Person', pledged: 99_000, onLeaderboard: false });
      expect(await board('NZ')).toEqual({ country: 'NZ', campaign_id: nz.id, pages: [], teams: [] });
    });

    it('ranks opted-in, published, unhidden pages by money received (pledge payments and succeeded gifts), named from the account; an unpaid pledge raises nothing', async () => {
      top = await paidPage(nz, { first: 'Sam', last: 'Kelly', pledged: 4000, displayName: 'Sammy the Swimmer' });
      second = await paidPage(nz, { first: 'Aroha', last: 'ngata', pledged: 8000 });
      giftsOnly = await paidPage(nz, { first: 'Tui', last: 'Reid', pledged: 1000 });
      // Gifts: succeeded ones count, once; pending and failed ones do not.
      await insertGift(ctx.db, top, 5000);
      await insertGift(ctx.db, top, 500);
      await insertGift(ctx.db, top, 99_999, { status: 'failed' });
      await insertGift(ctx.db, top, 99_999, { status: 'pending' });
      await insertGift(ctx.db, giftsOnly, 2000);
      // Not listed: a draft, a page hidden by an admin, a Pending pledge's page counts nothing but is listed.
      // A pledge not paid yet is pledged, not raised: $0.00.
      const unpaid = await insertPage(ctx.db, nz, { first: 'Una', last: 'Paid', pledged: 90_000 });
      await paidPage(nz, { first: 'Draft', last: 'Only', pledged: 50_000, published: false });
      const hidden = await paidPage(nz, { first: 'Hidden', last: 'ByAdmin', pledged: 60_000 });
      await ctx.db.update(challengePages).set({ moderated_at: new Date() }).where(eq(challengePages.id, hidden.pageId));
      // A UK page never shows on NZ's board.
      await paidPage(uk, { first: 'Olivia', last: 'Smith', pledged: 70_000 });
      later();
      const nzBoard = await board('NZ');
      expect(nzBoard.pages).toEqual([
        { rank: 1, name: 'Sam K.', slug: top.slug, raised: 9500, matched: 0 },
        { rank: 2, name: 'Aroha N.', slug: second.slug, raised: 8000, matched: 0 },
        { rank: 3, name: 'Tui R.', slug: giftsOnly.slug, raised: 3000, matched: 0 },
        { rank: 4, name: 'Una P.', slug: unpaid.slug, raised: 0, matched: 0 },
      ]);
      expect(JSON.stringify(nzBoard)).not.toContain('Sammy');
      const ukBoard = await board('UK');
      expect(ukBoard).toMatchObject({ country: 'UK', campaign_id: uk.id, pages: [{ rank: 1, name: 'Olivia S.', raised: 70_000 }], teams: [] });
    });

    it('keeps a cached board for a few seconds, then reads again', async () => {
      await insertGift(ctx.db, giftsOnly, 10_000);
      expect((await board('NZ')).pages[0]!.slug).toBe(top.slug);
      later();
      expect((await board('NZ')).pages[0]).toEqual({ rank: 1, name: 'Tui R.', slug: giftsOnly.slug, raised: 13_000, matched: 0 });
    });

    it('leaves out a page whose owner erased their account, and lists at most 10', async () => {
      const gone = await paidPage(nz, { first: 'Gone', last: 'Away', pledged: 80_000 });
      await ctx.db.update(users).set({ erased_at: new Date() }).where(eq(users.id, gone.userId));
      for (let i = 0; i < 10; i += 1) await paidPage(nz, { first: `Many${i}`, last: 'Pages', pledged: 100 + i });
      later();
      const pages = (await board('NZ')).pages;
      expect(pages).toHaveLength(10);
      expect(pages.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(pages.some((p) => p.slug === gone.slug)).toBe(false);
      // Three pages above them (the unpaid one below them), so the seven largest of the many make the ten.
      expect(pages.at(-1)!.name).toBe('Many3 P.');
    });

    it('ranks teams by the sum over their public member pages; a team needs one opted-in member and is not hidden', async () => {
      const a = await insertTeam(ctx.db, nz.id, 'Harbour Walkers');
      teamA = a.id;
      const b = await insertTeam(ctx.db, nz.id, 'Quiet Cyclists');
      const hiddenTeam = await insertTeam(ctx.db, nz.id, 'Hidden Team');
      // Team A: one opted-in member (with gifts) and one who did not opt in; both count in its total.
      const a1 = await paidPage(nz, { first: 'Ana', last: 'One', pledged: 1000, teamId: a.id });
      await insertGift(ctx.db, a1, 1500);
      await paidPage(nz, { first: 'Ben', last: 'Two', pledged: 2000, teamId: a.id, onLeaderboard: false });
      // A draft member does not count.
      await paidPage(nz, { first: 'Cat', last: 'Draft', pledged: 50_000, teamId: a.id, published: false });
      // Team B: no member opted in: not listed, however much it raised.
      await paidPage(nz, { first: 'Dan', last: 'Quiet', pledged: 90_000, teamId: b.id, onLeaderboard: false });
      // Hidden team: not listed.
      await paidPage(nz, { first: 'Eve', last: 'Hid', pledged: 90_000, teamId: hiddenTeam.id });
      await ctx.db.update(teams).set({ moderated_at: new Date() }).where(eq(teams.id, hiddenTeam.id));
      // A UK team stays on the UK board.
      const ukTeam = await insertTeam(ctx.db, uk.id, 'London Runners');
      await paidPage(uk, { first: 'Fay', last: 'Lon', pledged: 3000, teamId: ukTeam.id });
      later();
      expect((await board('NZ')).teams).toEqual([{ rank: 1, name: 'Harbour Walkers', slug: a.slug, raised: 4500, members: 2, matched: 0 }]);
      expect((await board('UK')).teams).toEqual([{ rank: 1, name: 'London Runners', slug: ukTeam.slug, raised: 3000, members: 1, matched: 0 }]);
    });

    it('counts a gift once: the page, its team and the sum of the board agree with the gifts in the ledger', async () => {
      const c = await insertTeam(ctx.db, nz.id, 'Gift Counters');
      const p = await paidPage(nz, { first: 'Gil', last: 'Gift', pledged: 100_000, teamId: c.id });
      await insertGift(ctx.db, p, 700);
      later();
      const b = await board('NZ');
      expect(b.pages[0]).toMatchObject({ slug: p.slug, raised: 100_700 });
      expect(b.teams[0]).toMatchObject({ slug: c.slug, raised: 100_700, members: 1 });
      expect(b.teams.find((t) => t.name === 'Harbour Walkers')).toMatchObject({ raised: 4500 });
      expect(teamA).toBeGreaterThan(0);
    });
  });
});
