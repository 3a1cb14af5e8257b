// Friends give too at scale (docs/decisions/143), one fixture for the deterministic plan test
// (fundraising.scale.test.ts) and the timing (scripts/bench-fundraising.ts): 100,000 published-or-not
// pages with their donors and Confirmed pledges, teams of five, ~10 % on the leaderboard, and
// 1,000,000 gifts; and the reads a page, a team and a leaderboard make, all through pageRaised().
import type { CountryCode } from '@uplift/core/countries';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageRaised } from '../payments/index.ts';
import { challengeIds, insertCampaign, recipientIds } from '../campaigns/campaigns.test-support.ts';
import { findPageCardFigures, findTeamCardFigures } from './fundraising-card.repository.ts';

export type FundraisingScale = { pages: number; gifts: number };
export const FULL_SCALE: FundraisingScale = { pages: 100_000, gifts: 1_000_000 };

export type FundraisingFixture = {
  /** The NZ campaign: 70 % of the pages, every team. */
  campaignId: number;
  /** A page with ~1 % of all gifts (one of 100 popular pages), a typical page (~9 gifts), and a team. */
  popularSlug: string;
  typicalSlug: string;
  teamSlug: string;
};

/**
 * Page g (1…pages): donor and pledge g (Confirmed, 70.00, every 10th Cancelled after two paid
 * weeks, every 100th with a 5.00 refund), NZ for the first 70 %, UK after; published unless
 * g % 20 = 0, hidden by an admin when g % 200 = 13, on the leaderboard when g % 10 = 3; every even
 * page in a team of five (teams of the NZ campaign). Gifts: the first 10 % on 100 popular pages,
 * the rest spread evenly; one in 20 failed, one in 20 pending, the rest succeeded.
 * Loaded as a restore would (foreign-key triggers off, every index on), then analysed.
 */
export async function loadFundraising(db: Db, scale: FundraisingScale = FULL_SCALE): Promise<FundraisingFixture> {
  const { pages, gifts } = scale;
  const nzPages = Math.floor(pages * 0.7);
  const c = await challengeIds(db);
  const byCountry = async (country: CountryCode) => recipientIds(db, country);
  const [rNz, rUk] = [await byCountry('NZ'), await byCountry('UK')];
  const nz = await insertCampaign(db, { country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20' });
  const uk = await insertCampaign(db, { country: 'UK', start_date: '2026-11-20', end_date: '2026-12-20' });
  const client = await db.$client.connect();
  const next = async (table: string) => Number((await client.query(`select coalesce(max(id), 0) as n from ${table}`)).rows[0].n);
  try {
    await client.query('set session_replication_role = replica');
    const [ub, pb, payb, tb, cpb] = [await next('users'), await next('pledges'), await next('payments'), await next('teams'), await next('challenge_pages')];
    const country = (g: string) => `case when ${g} <= ${nzPages} then 'NZ' else 'UK' end`;
    await client.query(
      `insert into users (id, first_name, last_name, email, country, password_hash, activated)
       select $1::int + g, 'Friend' || g, 'Raiser', 'raiser' || g || '@example.org', ${country('g')}, '!', true
         from generate_series(1, $2::int) g`,
      [ub, pages],
    );
    await client.query(
      `insert into pledges (id, user_id, campaign_id, challenge_id, recipient_id, number_of_units, cost_per_unit, period, confirmed_amount, pledge_status)
       select $1::int + g, $2::int + g, case when g <= $3::int then $4::int else $5::int end, ($6::int[])[1 + g % 6],
              case when g <= $3::int then ($7::int[])[1 + g % 3] else ($8::int[])[1 + g % 3] end,
              5, 350, 'weekly', 7000, case when g % 10 = 0 then 'Cancelled' else 'Confirmed' end
         from generate_series(1, $9::int) g`,
      [pb, ub, nzPages, nz.id, uk.id, c, rNz, rUk, pages],
    );
    await client.query(
      `insert into payments (id, pledge_id, payment_status, processing_date, amount)
       select $1::int + (g - 1) * 2 + w, $2::int + g, 'Success', '2026-11-20'::date + (w - 1) * 7, 1750
         from generate_series(1, $3::int) g cross join generate_series(1, 2) w`,
      [payb, pb, pages],
    );
    await client.query(
      `insert into refunds (payment_id, amount, reason, status, idempotency_key, created_at)
       select $1::int + (g - 1) * 2 + 1, 500, 'bench refund', 'succeeded', 'bench-refund-' || g, '2026-11-21'
         from generate_series(1, $2::int) g where g % 100 = 1`,
      [payb, pages],
    );
    const teams = Math.floor(pages / 10);
    await client.query(
      `insert into teams (id, campaign_id, slug, name, captain_page_id)
       select $1::int + k, case when k * 10 <= $2::int then $3::int else $4::int end, 'bench-team-' || k, 'Team ' || k, $5::int + k * 10 - 8
         from generate_series(1, $6::int) k`,
      [tb, nzPages, nz.id, uk.id, cpb, teams],
    );
    await client.query(
      `insert into challenge_pages (id, user_id, pledge_id, campaign_id, slug, display_name, goal, team_id, published_at, on_leaderboard, moderated_at)
       select $1::int + g, $2::int + g, $3::int + g, case when g <= $4::int then $5::int else $6::int end, 'bench-page-' || g, 'Friend ' || g, 14000,
              case when g % 2 = 0 then $7::int + (g / 2 - 1) / 5 + 1 end,
              case when g % 20 <> 0 then timestamptz '2026-11-20T00:00:00Z' end, g % 10 = 3,
              case when g % 200 = 13 then timestamptz '2026-11-22T00:00:00Z' end
         from generate_series(1, $8::int) g`,
      [cpb, ub, pb, nzPages, nz.id, uk.id, tb, pages],
    );
    // Gift g's page: the first 10 % on pages 1, 1 + pages/100, … (100 popular pages), the rest by a stride.
    await client.query(
      `insert into gifts (page_id, campaign_id, recipient_id, amount, donor_name, donor_email, message, status, idempotency_key, client_key, created_at)
       select cp.id, cp.campaign_id, pl.recipient_id, 500 + (x.g % 50) * 100, 'Friend ' || x.g, 'friend' || x.g || '@example.org', 'Go you!',
              case (x.g / 7) % 20 when 0 then 'failed' when 1 then 'pending' else 'succeeded' end,
              'bench-gift-i-' || x.g, 'bench-gift-c-' || x.g, timestamptz '2026-11-20T00:00:00Z' + x.g * interval '200 ms'
         from (select g, case when g <= $2::int / 10 then 1 + (g % 100) * ($3::int / 100)
                              else 1 + (g::bigint * 7919 % $3::int)::int end as n
                 from generate_series(1, $2::int) g) x
         join challenge_pages cp on cp.id = $1::int + x.n
         join pledges pl on pl.id = cp.pledge_id`,
      [cpb, gifts, pages],
    );
    await client.query('set session_replication_role = origin');
    for (const table of ['users', 'pledges', 'payments', 'refunds', 'teams', 'challenge_pages', 'gifts']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      await client.query(`vacuum analyze ${table}`);
    }
  } finally {
    client.release();
  }
  return { campaignId: nz.id, popularSlug: 'bench-page-1', typicalSlug: `bench-page-${Math.floor(pages / 2) + 1}`, teamSlug: 'bench-team-1' };
}

/**
 * The reads of the fundraising screens, as the share cards make them and as the page, team and
 * leaderboard routes are to (docs/decisions/143): every figure through pageRaised().
 */
export const fundraisingReads = {
  /** A public page: its row and raised figures (the card's read), then its 20 newest succeeded gifts. */
  async page(db: Db, slug: string) {
    const figures = await findPageCardFigures(db, slug);
    const { rows } = await db.execute(sql`
      select g.id, case when g.hide_name then null else g.donor_name end as name, g.message, case when g.hide_amount then null else g.amount end as amount, g.created_at
        from gifts g join challenge_pages cp on cp.id = g.page_id
       where cp.slug = ${slug} and g.status = 'succeeded'
       order by g.created_at desc, g.id desc
       limit 20`);
    return { figures, gifts: rows };
  },
  /** A public team: its members' pageRaised summed (the card's read). */
  team: (db: Db, slug: string) => findTeamCardFigures(db, slug),
  /** A campaign's top 10 pages: public, opted in, by total raised; names from the account, read for those ten only. */
  async topPages(db: Db, campaignId: number) {
    const { rows } = await db.execute(sql`
      select top.slug, u.first_name, left(u.last_name, 1) as initial, top.total
        from (select cp.id, cp.slug, cp.user_id, raised.total as total
                from challenge_pages cp
               cross join lateral (${pageRaised('cp')}) raised
               where cp.campaign_id = ${campaignId} and cp.on_leaderboard and cp.published_at is not null and cp.moderated_at is null
               order by total desc, cp.id
               limit 10) top
        join users u on u.id = top.user_id
       order by top.total desc, top.id`);
    return rows;
  },
  /** A campaign's top 10 teams: not hidden, by the sum of their members' totals. */
  async topTeams(db: Db, campaignId: number) {
    const { rows } = await db.execute(sql`
      select t.slug, t.name, sum(raised.total)::bigint as total
        from teams t
        join challenge_pages cp on cp.team_id = t.id
       cross join lateral (${pageRaised('cp')}) raised
       where t.campaign_id = ${campaignId} and t.moderated_at is null
       group by t.id
       order by total desc, t.id
       limit 10`);
    return rows;
  },
};
