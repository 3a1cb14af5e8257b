import type { CountryCode } from '@uplift/core/countries';
import type { Minor } from '@uplift/core/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { challengePages, fundraisingPhotos, teams } from '../../db/schema.ts';
import type { Photo, PhotoSize } from '../../images/photo.ts';
import { pageMatched, pageRaised, succeededGiftsOfPage, weeksOfPledge, type PageGiftRow } from '../payments/index.ts';
import { teamMemberIsShown } from './public.sql.ts';

// The queries of pages, teams and their photos (docs/decisions/142). Every money figure is the
// ledger's, published by payments (docs/decisions/146): pageRaised(), a pledge's weeks, a page's
// gifts; "is public" is public.sql.ts. The pledge, campaign, challenge and charity are read in joins.

export type PageRow = {
  id: number;
  user_id: number;
  pledge_id: number;
  campaign_id: number;
  slug: string;
  display_name: string;
  story: string;
  goal: number;
  published_at: Date | null;
  moderated_at: Date | null;
  photo_moderated_at: Date | null;
  story_moderated_at: Date | null;
  moderation_reason: string | null;
  share_message: string | null;
  on_leaderboard: boolean;
  gift_mails: boolean;
  photo_id: number | null;
  photo_sha256: string | null;
  /** The cover (docs/decisions/166): its photo row, hash and size. */
  cover_id: number | null;
  cover_sha256: string | null;
  cover_width: number | null;
  cover_height: number | null;
  /** The campaign's first payment day: the pledge's weeks count from it. */
  billing_start_date: string;
  /** The pledge's price of one unit of the challenge (minor units) and the challenge's unit ('coffees'). */
  cost_per_unit: number;
  challenge_unit: string;
  recipient_impact_description: string;
  recipient_description: string;
  team_id: number | null;
  team_slug: string | null;
  team_name: string | null;
  team_moderated_at: Date | null;
  team_moderation_reason: string | null;
  team_captain_page_id: number | null;
  country: CountryCode;
  challenge_name: string;
  challenge_icon: string;
  recipient_id: number;
  recipient_name: string;
  /** The charity's logo address (a file of the site or its uploaded logo's). */
  recipient_logo: string;
  pledged: number;
  received: number;
  gifts: number;
  total: number;
  gift_count: number;
  /** What sponsors' matches added to the page (product-rules §23). */
  matched: number;
  weeks_done: number;
  weeks_total: number;
};

const pageSelect = (where: ReturnType<typeof sql>) => sql`
  select cp.id, cp.user_id, cp.pledge_id, cp.campaign_id, cp.slug, cp.display_name, cp.story, cp.goal,
         cp.published_at, cp.moderated_at, cp.photo_moderated_at, cp.story_moderated_at, cp.moderation_reason, cp.share_message, cp.on_leaderboard, cp.gift_mails,
         cp.photo_id, ph.sha256 as photo_sha256,
         cp.cover_id, cv.sha256 as cover_sha256, cv.width as cover_width, cv.height as cover_height,
         ca.billing_start_date::text as billing_start_date, pl.cost_per_unit, ch.unit as challenge_unit,
         r.impact_description as recipient_impact_description, r.description as recipient_description,
         cp.team_id, t.slug as team_slug, t.name as team_name, t.moderated_at as team_moderated_at, t.moderation_reason as team_moderation_reason, t.captain_page_id as team_captain_page_id,
         ca.country, ch.name as challenge_name, ch.icon as challenge_icon, r.id as recipient_id, r.recipient_name, r.logo as recipient_logo,
         raised.pledged::float8 as pledged, raised.received::float8 as received, raised.gifts::float8 as gifts, raised.total::float8 as total, raised.gift_count,
         ${pageMatched('cp')}::float8 as matched,
         ${weeksOfPledge('pl').done} as weeks_done,
         ${weeksOfPledge('pl').total} as weeks_total
    from challenge_pages cp
    join pledges pl on pl.id = cp.pledge_id
    join campaigns ca on ca.id = cp.campaign_id
    join challenges ch on ch.id = pl.challenge_id
    join recipients r on r.id = pl.recipient_id
    left join fundraising_photos ph on ph.id = cp.photo_id
    left join fundraising_photos cv on cv.id = cp.cover_id
    left join teams t on t.id = cp.team_id
    cross join lateral (${pageRaised('cp')}) raised
   where ${where}`;

const toDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
function mapPage(row: Record<string, unknown>): PageRow {
  return {
    ...(row as PageRow),
    goal: Number(row.goal),
    cost_per_unit: Number(row.cost_per_unit),
    pledged: Number(row.pledged),
    received: Number(row.received),
    gifts: Number(row.gifts),
    total: Number(row.total),
    matched: Number(row.matched),
    published_at: toDate(row.published_at),
    moderated_at: toDate(row.moderated_at),
    photo_moderated_at: toDate(row.photo_moderated_at),
    story_moderated_at: toDate(row.story_moderated_at),
    team_moderated_at: toDate(row.team_moderated_at),
  };
}

/** The donor's newest page, whatever its state. */
export async function findPageOfUser(db: Executor, userId: number): Promise<PageRow | undefined> {
  const { rows } = await db.execute(sql`${pageSelect(sql`cp.user_id = ${userId}`)} order by cp.id desc limit 1`);
  return rows[0] ? mapPage(rows[0]) : undefined;
}

/** Every page of the donor (the data export and erasure). */
export async function listPagesOfUser(db: Executor, userId: number): Promise<PageRow[]> {
  const { rows } = await db.execute(sql`${pageSelect(sql`cp.user_id = ${userId}`)} order by cp.id`);
  return rows.map(mapPage);
}

/** A page by its address, whatever its state (the caller decides what is public). */
export async function findPageBySlug(db: Executor, slug: string): Promise<PageRow | undefined> {
  const { rows } = await db.execute(pageSelect(sql`cp.slug = ${slug}`));
  return rows[0] ? mapPage(rows[0]) : undefined;
}

export async function findPageById(db: Executor, id: number): Promise<PageRow | undefined> {
  const { rows } = await db.execute(pageSelect(sql`cp.id = ${id}`));
  return rows[0] ? mapPage(rows[0]) : undefined;
}

/** The donor's Confirmed pledge of the latest campaign that has no page yet, with what a new page defaults to. */
export async function confirmedPledgeForPage(
  db: Executor,
  userId: number,
): Promise<{ pledge_id: number; campaign_id: number; confirmed_amount: number; has_page: boolean; first_name: string; last_name: string } | undefined> {
  const { rows } = await db.execute<{ pledge_id: number; campaign_id: number; confirmed_amount: number; has_page: boolean; first_name: string; last_name: string }>(sql`
    select pl.id as pledge_id, pl.campaign_id, pl.confirmed_amount, u.first_name, u.last_name,
           exists (select 1 from challenge_pages cp where cp.pledge_id = pl.id) as has_page
      from pledges pl
      join campaigns ca on ca.id = pl.campaign_id
      join users u on u.id = pl.user_id
     where pl.user_id = ${userId} and pl.pledge_status = 'Confirmed'
     order by ca.start_date desc, pl.id desc
     limit 1`);
  return rows[0] ? { ...rows[0], confirmed_amount: Number(rows[0].confirmed_amount) } : undefined;
}

export async function slugInUse(db: Executor, kind: 'page' | 'team', slug: string): Promise<boolean> {
  const { rows } =
    kind === 'page'
      ? await db.execute(sql`select 1 from challenge_pages where slug = ${slug}`)
      : await db.execute(sql`select 1 from teams where slug = ${slug}`);
  return rows.length > 0;
}

export type NewPage = {
  user_id: number;
  pledge_id: number;
  campaign_id: number;
  slug: string;
  display_name: string;
  story: string;
  goal: Minor;
  on_leaderboard: boolean;
  gift_mails: boolean;
};

export async function insertPage(db: Executor, page: NewPage): Promise<number> {
  const [row] = await db.insert(challengePages).values(page).returning({ id: challengePages.id });
  return row!.id;
}

export type PageChange = Partial<{
  slug: string;
  display_name: string;
  story: string;
  goal: Minor;
  on_leaderboard: boolean;
  gift_mails: boolean;
  published_at: Date | null;
  photo_id: number | null;
  cover_id: number | null;
  team_id: number | null;
  share_message: string | null;
}>;

export async function updatePage(db: Executor, pageId: number, change: PageChange, now: Date): Promise<void> {
  await db
    .update(challengePages)
    .set({ ...change, updated_at: now })
    .where(eq(challengePages.id, pageId));
}

export async function deletePage(db: Executor, pageId: number): Promise<void> {
  await db.delete(challengePages).where(eq(challengePages.id, pageId));
}

/** Locks the page row for a change of its team (join, leave, removal). */
export async function lockPage(db: Executor, pageId: number): Promise<{ id: number; team_id: number | null } | undefined> {
  const { rows } = await db.execute<{ id: number; team_id: number | null }>(sql`select id, team_id from challenge_pages where id = ${pageId} for update`);
  return rows[0];
}

// Photos

export async function insertPhoto(db: Executor, photo: Photo): Promise<number> {
  const [row] = await db
    .insert(fundraisingPhotos)
    .values({ data: photo.data, card_data: photo.cardData, avif_data: photo.avifData ?? null, avif_card_data: photo.avifCardData ?? null, sha256: photo.sha256, width: photo.width, height: photo.height })
    .returning({ id: fundraisingPhotos.id });
  return row!.id;
}

export async function deletePhoto(db: Executor, photoId: number): Promise<void> {
  await db.delete(fundraisingPhotos).where(eq(fundraisingPhotos.id, photoId));
}

/** A public page's current cover in a format and size, when its hash starts with `sha` and no admin hid the page or its photos. */
export async function findServedCover(db: Executor, slug: string, sha: string, format: 'webp' | 'avif', size: PhotoSize): Promise<Buffer | undefined> {
  const column = format === 'avif' ? (size === 'card' ? sql`ph.avif_card_data` : sql`ph.avif_data`) : size === 'card' ? sql`ph.card_data` : sql`ph.data`;
  const { rows } = await db.execute<{ data: Buffer | null }>(sql`
    select ${column} as data
      from fundraising_photos ph join challenge_pages o on o.cover_id = ph.id
     where o.slug = ${slug} and o.moderated_at is null and o.photo_moderated_at is null
       and starts_with(ph.sha256, ${sha})`);
  return rows[0]?.data ?? undefined;
}

/** A page's or a team's current photo, when its hash starts with `sha` and no admin hid it (or the page or team). */
export async function findServedPhoto(db: Executor, kind: 'page' | 'team', slug: string, sha: string, size: PhotoSize): Promise<{ data: Buffer; sha256: string } | undefined> {
  const owner =
    kind === 'page'
      ? sql`join challenge_pages o on o.photo_id = ph.id where o.slug = ${slug}`
      : sql`join teams o on o.photo_id = ph.id where o.slug = ${slug}`;
  const { rows } = await db.execute<{ data: Buffer; sha256: string }>(sql`
    select ${size === 'card' ? sql`ph.card_data` : sql`ph.data`} as data, ph.sha256
      from fundraising_photos ph ${owner}
       and o.moderated_at is null and o.photo_moderated_at is null
       and starts_with(ph.sha256, ${sha})`);
  return rows[0];
}

// Gifts on a page (the gifts module writes them; a page lists them)

export type GiftRow = PageGiftRow;

/** A page's succeeded gifts, newest first, after the (created_at, id) of `before`: the ledger's read. */
export const listPageGifts = succeededGiftsOfPage;

// Teams

export type TeamRow = {
  id: number;
  campaign_id: number;
  slug: string;
  name: string;
  story: string;
  captain_page_id: number | null;
  photo_id: number | null;
  photo_sha256: string | null;
  moderated_at: Date | null;
  photo_moderated_at: Date | null;
  story_moderated_at: Date | null;
  captain_message: string;
  /** The captain page's display name when that page is shown (teamMemberIsShown); null otherwise. */
  captain_name: string | null;
  country: CountryCode;
  pledged: number;
  received: number;
  gifts: number;
  total: number;
  gift_count: number;
  matched: number;
};

/** A team by its address, with its shown members' pageRaised summed (teamMemberIsShown: a draft or hidden member page does not count). */
export async function findTeamBySlug(db: Executor, slug: string): Promise<TeamRow | undefined> {
  const { rows } = await db.execute(sql`
    select t.id, t.campaign_id, t.slug, t.name, t.story, t.captain_page_id, t.photo_id, ph.sha256 as photo_sha256,
           t.moderated_at, t.photo_moderated_at, t.story_moderated_at, t.captain_message, ca.country,
           (select cap.display_name from challenge_pages cap where cap.id = t.captain_page_id and cap.team_id = t.id and ${teamMemberIsShown('cap')}) as captain_name,
           coalesce(sum(raised.pledged), 0)::float8 as pledged, coalesce(sum(raised.received), 0)::float8 as received,
           coalesce(sum(raised.gifts), 0)::float8 as gifts, coalesce(sum(raised.total), 0)::float8 as total,
           coalesce(sum(raised.gift_count), 0)::int as gift_count,
           coalesce(sum(${pageMatched('cp')}), 0)::float8 as matched
      from teams t
      join campaigns ca on ca.id = t.campaign_id
      left join fundraising_photos ph on ph.id = t.photo_id
      left join challenge_pages cp on cp.team_id = t.id and ${teamMemberIsShown('cp')}
      left join lateral (${pageRaised('cp')}) raised on true
     where t.slug = ${slug}
     group by t.id, ph.sha256, ca.country`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...(row as TeamRow),
    pledged: Number(row.pledged),
    received: Number(row.received),
    gifts: Number(row.gifts),
    total: Number(row.total),
    matched: Number(row.matched),
    moderated_at: toDate(row.moderated_at),
    photo_moderated_at: toDate(row.photo_moderated_at),
    story_moderated_at: toDate(row.story_moderated_at),
  };
}

export type MemberRow = { page_id: number; slug: string; display_name: string; raised: number };

/** A team's shown member pages (teamMemberIsShown), oldest page first, each with its total raised. */
export async function listTeamMembers(db: Executor, teamId: number): Promise<MemberRow[]> {
  const { rows } = await db.execute(sql`
    select cp.id as page_id, cp.slug, cp.display_name, raised.total::float8 as raised
      from challenge_pages cp
      cross join lateral (${pageRaised('cp')}) raised
     where cp.team_id = ${teamId} and ${teamMemberIsShown('cp')}
     order by cp.id`);
  return rows.map((r) => ({ ...(r as MemberRow), raised: Number(r.raised) }));
}

export async function insertTeam(db: Executor, team: { campaign_id: number; slug: string; name: string; story: string; captain_page_id: number }): Promise<number> {
  const [row] = await db.insert(teams).values(team).returning({ id: teams.id });
  return row!.id;
}

export async function updateTeam(db: Executor, teamId: number, change: Partial<{ name: string; story: string; captain_message: string; photo_id: number | null; captain_page_id: number | null }>, now: Date): Promise<void> {
  await db
    .update(teams)
    .set({ ...change, updated_at: now })
    .where(eq(teams.id, teamId));
}

export async function deleteTeam(db: Executor, teamId: number): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId));
}

/** Locks the team row while its members or captain change. */
export async function lockTeam(db: Executor, teamId: number): Promise<{ id: number; captain_page_id: number | null; photo_id: number | null; hidden: boolean } | undefined> {
  const { rows } = await db.execute<{ id: number; captain_page_id: number | null; photo_id: number | null; hidden: boolean }>(
    sql`select id, captain_page_id, photo_id, moderated_at is not null as hidden from teams where id = ${teamId} for update`,
  );
  return rows[0];
}

/** The team's remaining member pages but `exceptPageId`, oldest page first. */
export async function otherMemberIds(db: Executor, teamId: number, exceptPageId: number): Promise<number[]> {
  const rows = await db
    .select({ id: challengePages.id })
    .from(challengePages)
    .where(and(eq(challengePages.team_id, teamId), sql`${challengePages.id} <> ${exceptPageId}`))
    .orderBy(challengePages.id);
  return rows.map((r) => r.id);
}
