import { asMinor } from '@uplift/core/money';
import {
  type CreatePage,
  type CreateTeam,
  GIFTS_PER_PAGE,
  type MyPage,
  type PageGiftList,
  type PublicPageData,
  type PublicTeamData,
  type SlugAvailable,
  type UpdatePage,
  type UpdateTeam,
} from '@uplift/core/schemas/challenge-pages';
import { normaliseSlug, slugProblem, SLUG_MESSAGES } from '@uplift/core/slug';
import { defaultShareMessage } from '@uplift/core/share';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { Photo, PhotoSize } from '../../images/photo.ts';
import { giftMatchFor } from '../payments/index.ts';
import { pageErrors } from './challenge-pages.errors.ts';
import * as repo from './challenge-pages.repository.ts';
import * as holds from './holds.repository.ts';
import { backingOf, type BackingExport, coverOf, exportBackingOf, otherPhotosOf, ownerBacking, publicUpdates } from './page-backing.service.ts';
import { isPublicPage, isPublicTeam } from './public.sql.ts';

// Participants' challenge pages and teams (docs/decisions/142-server-rendered-pages-and-teams.md,
// 139-fundraising-photos.md). Only a page's owner changes it (every /api/my-page route acts on the
// signed-in donor's own page); only a team's captain edits the team or removes a member. An
// admin's hide holds the person and the address until an admin shows it again, and a captain's
// removal holds the team's door shut (docs/decisions/154).

export type PageDeps = { db: Db; clock: Clock };

/** Where a page's or team's photo is served: the hash in the path, so it can be cached for good. */
export function fundraisingPhotoUrl(kind: 'page' | 'team', slug: string, sha256: string, size: PhotoSize): string {
  return `/api/${kind === 'page' ? 'pages' : 'teams'}/${slug}/photo/${sha256.slice(0, 16)}.webp${size === 'card' ? '?size=card' : ''}`;
}

const isPublic = (page: repo.PageRow) => isPublicPage(page);
/** The page's or team's raised figures as pageRaised() defines them (payments/figures.sql.ts; product-rules §21): none is worked out here. */
const raisedOf = (r: { pledged: number; received: number; gifts: number; total: number; gift_count: number; matched: number }) => ({
  pledged: r.pledged,
  received_minor: r.received,
  gifts: r.gifts,
  total: r.total,
  gift_count: Number(r.gift_count),
  // What sponsors' matches added: its own line, never part of the total (product-rules §23).
  matched: r.matched,
});

/** Now, for which match applies (a read without the app's clock, such as a bench, uses the real time). */
const nowOf = (deps: { clock?: Clock }) => deps.clock?.now() ?? new Date();

// Addresses

/** GET /api/pages/slug-available: whether an address can be taken now, and if not, why. */
export async function slugAvailable(deps: Pick<PageDeps, 'db'>, typed: string, kind: 'page' | 'team'): Promise<SlugAvailable> {
  const slug = normaliseSlug(typed);
  const problem = slugProblem(slug);
  if (problem) return { available: false, message: problem };
  if ((await repo.slugInUse(deps.db, kind, slug)) || (await holds.slugHeld(deps.db, slug))) return { available: false, message: SLUG_MESSAGES.taken };
  return { available: true };
}

// The owner's page

function myPageBase(page: repo.PageRow): Omit<MyPage, 'cover' | 'weeks' | 'impact_line' | 'updates' | 'suggested_update'> {
  const captain = page.team_captain_page_id === page.id;
  const teamHidden = page.team_moderated_at !== null;
  const team =
    page.team_id !== null && page.team_slug !== null
      ? { slug: page.team_slug, name: page.team_name ?? '', captain, hidden: teamHidden, moderation_reason: captain && teamHidden ? page.team_moderation_reason : null }
      : null;
  return {
    slug: page.slug,
    display_name: page.display_name,
    story: page.story,
    goal: page.goal,
    photo_url: page.photo_sha256 ? fundraisingPhotoUrl('page', page.slug, page.photo_sha256, 'full') : null,
    public: isPublic(page),
    published_at: page.published_at?.toISOString() ?? null,
    moderated: page.moderated_at !== null,
    photo_moderated: page.photo_moderated_at !== null,
    story_moderated: page.story_moderated_at !== null,
    moderation_reason: page.moderated_at !== null ? page.moderation_reason : null,
    on_leaderboard: page.on_leaderboard,
    gift_mails: page.gift_mails,
    country: page.country,
    raised: raisedOf(page),
    weeks_done: page.weeks_done,
    weeks_total: page.weeks_total,
    team,
    share_message: page.share_message,
  };
}

/** The owner's view of a page: its fields and what backs it (the cover, weeks, impact and updates, page-backing.service.ts). */
async function myPageOf(deps: Pick<PageDeps, 'db'> & { clock?: Clock }, page: repo.PageRow): Promise<MyPage> {
  return { ...myPageBase(page), ...(await ownerBacking(deps, page)) };
}

/** The owner's page again after a change. */
const reread = async (deps: Pick<PageDeps, 'db'> & { clock?: Clock }, pageId: number) => myPageOf(deps, (await repo.findPageById(deps.db, pageId))!);

/** The signed-in donor's own page row (404 without one): the page-backing routes act on it. */
export async function ownPage(db: Executor, userId: number): Promise<repo.PageRow> {
  const page = await repo.findPageOfUser(db, userId);
  if (!page) throw pageErrors.noPage();
  return page;
}

/** GET /api/my-page: the donor's own page whatever its state (draft, hidden, moderated). */
export async function getMyPage(deps: Pick<PageDeps, 'db'> & { clock?: Clock }, userId: number): Promise<MyPage> {
  return myPageOf(deps, await ownPage(deps.db, userId));
}

const slugTakenOr = (err: unknown, kind: 'page' | 'team') => {
  if (isUniqueViolation(err, kind === 'page' ? 'challenge_pages_slug_key' : 'teams_slug_key')) return kind === 'page' ? pageErrors.slugTaken() : pageErrors.teamSlugTaken();
  return err;
};

/**
 * POST /api/my-page: a draft page for the donor's Confirmed pledge (one page per pledge). The
 * display name defaults to the first name and the last name's initial ("Sam T."), the goal to twice
 * the pledge's confirmed amount; the page is on no leaderboard and mails each gift until changed.
 */
export async function createMyPage(deps: PageDeps, userId: number, input: CreatePage & { slug: string }): Promise<MyPage> {
  const pledge = await repo.confirmedPledgeForPage(deps.db, userId);
  if (!pledge) throw pageErrors.noConfirmedPledge();
  if (pledge.has_page) throw pageErrors.pageExists();
  if (await holds.hasHiddenPage(deps.db, userId)) throw pageErrors.hiddenNoNewPage();
  if (await holds.slugHeld(deps.db, input.slug)) throw pageErrors.slugTaken();
  const initial = pledge.last_name.trim().charAt(0);
  const defaultName = `${pledge.first_name.trim()}${initial ? ` ${initial.toUpperCase()}.` : ''}`.slice(0, 60) || 'A participant';
  let id: number;
  try {
    id = await repo.insertPage(deps.db, {
      user_id: userId,
      pledge_id: pledge.pledge_id,
      campaign_id: pledge.campaign_id,
      slug: input.slug,
      display_name: input.display_name ?? defaultName,
      story: input.story ?? '',
      goal: asMinor(input.goal ?? Math.min(2 * pledge.confirmed_amount, 10_000_000)),
      on_leaderboard: input.on_leaderboard ?? false,
      gift_mails: input.gift_mails ?? true,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'challenge_pages_pledge_key')) throw pageErrors.pageExists();
    throw slugTakenOr(err, 'page');
  }
  return reread(deps, id);
}

/** PATCH /api/my-page: the owner's changes; `published` true publishes (keeping the first date), false hides it again. */
export async function updateMyPage(deps: PageDeps, userId: number, input: UpdatePage & { slug?: string }): Promise<MyPage> {
  const page = await ownPage(deps.db, userId);
  const now = deps.clock.now();
  const { published, goal, share_message: shareMessage, ...rest } = input;
  const newSlug = input.slug !== undefined && input.slug !== page.slug;
  // A hidden page keeps its address, and its owner publishes nothing, until an admin reviews it.
  if (newSlug && page.moderated_at !== null) throw pageErrors.hiddenNoRename();
  if (published === true && page.published_at === null && (await holds.hasHiddenPage(deps.db, userId))) throw pageErrors.hiddenNoPublish();
  if (newSlug && (await holds.slugHeld(deps.db, input.slug!))) throw pageErrors.slugTaken();
  const change: repo.PageChange = { ...rest };
  if (goal !== undefined) change.goal = asMinor(goal);
  // An empty share message goes back to the country's default (docs/decisions/164).
  if (shareMessage !== undefined) change.share_message = shareMessage || null;
  if (published === true && page.published_at === null) change.published_at = now;
  if (published === false) change.published_at = null;
  try {
    await repo.updatePage(deps.db, page.id, change, now);
  } catch (err) {
    throw slugTakenOr(err, 'page');
  }
  return reread(deps, page.id);
}

/** Whether any page of the donor mails them when a friend gives (the "Email me when a friend gives" switch). */
export async function giftMailsOn(db: Executor, userId: number): Promise<boolean> {
  return (await repo.listPagesOfUser(db, userId)).some((p) => p.gift_mails);
}

/**
 * A mailed one-click unsubscribe of the gift notices (docs/decisions/157): switches "Email me when a
 * friend gives" off on every page of the donor. Answers whether anything changed.
 */
export async function stopGiftMails(db: Executor, userId: number, now: Date): Promise<boolean> {
  const on = (await repo.listPagesOfUser(db, userId)).filter((p) => p.gift_mails);
  for (const page of on) await repo.updatePage(db, page.id, { gift_mails: false }, now);
  return on.length > 0;
}

/**
 * Takes a page out of its team: a captain's captaincy passes to the member whose page is oldest; a
 * team left empty is deleted, unless an admin hid it (it stays, holding its address, docs/decisions/154).
 */
async function leaveTeamTx(tx: Executor, pageId: number, teamId: number, now: Date): Promise<void> {
  const team = await repo.lockTeam(tx, teamId);
  await repo.updatePage(tx, pageId, { team_id: null }, now);
  if (!team) return;
  const others = await repo.otherMemberIds(tx, teamId, pageId);
  if (others.length === 0) {
    if (team.hidden) return;
    await repo.deleteTeam(tx, teamId);
    if (team.photo_id !== null) await repo.deletePhoto(tx, team.photo_id);
  } else if (team.captain_page_id === pageId || team.captain_page_id === null) {
    await repo.updateTeam(tx, teamId, { captain_page_id: others[0]! }, now);
  }
}

/**
 * Deletes a page and its photo, leaving its team first; its gifts stay in the ledger (page_id
 * becomes null). A page an admin hid leaves its address held (erasure, retention: docs/decisions/154).
 */
async function deletePageTx(tx: Executor, page: { id: number; slug: string; team_id: number | null; photo_id: number | null; cover_id?: number | null; moderated_at: Date | null }, now: Date): Promise<void> {
  if (page.moderated_at !== null) await holds.holdSlug(tx, page.slug, now);
  if (page.team_id !== null) await leaveTeamTx(tx, page.id, page.team_id, now);
  // Its cover and its updates' photos go with it (docs/decisions/166); the updates by cascade.
  const photos = await otherPhotosOf(tx, page);
  await repo.deletePage(tx, page.id);
  if (page.photo_id !== null) await repo.deletePhoto(tx, page.photo_id);
  for (const id of photos) await repo.deletePhoto(tx, id);
}

/** The captain of a team an admin hid stays its captain until it is reviewed. */
const captainOfHiddenTeam = (page: repo.PageRow) => page.team_id !== null && page.team_moderated_at !== null && page.team_captain_page_id === page.id;

/** DELETE /api/my-page (not while an admin's hide of the page, or of the team it captains, is under review) */
export async function deleteMyPage(deps: PageDeps, userId: number): Promise<void> {
  const page = await ownPage(deps.db, userId);
  if (page.moderated_at !== null) throw pageErrors.hiddenNoDelete();
  if (captainOfHiddenTeam(page)) throw pageErrors.teamHiddenNoDelete();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPage(tx, page.id);
    if (!locked) return;
    await deletePageTx(tx, { ...page, team_id: locked.team_id }, deps.clock.now());
  });
}

/** PUT /api/my-page/photo: the photo (read by readPagePhoto beforehand) replaces any the page had. */
export async function setMyPagePhoto(deps: PageDeps, userId: number, photo: Photo): Promise<MyPage> {
  const page = await ownPage(deps.db, userId);
  await deps.db.transaction(async (tx) => {
    const photoId = await repo.insertPhoto(tx, photo);
    await repo.updatePage(tx, page.id, { photo_id: photoId }, deps.clock.now());
    if (page.photo_id !== null) await repo.deletePhoto(tx, page.photo_id);
  });
  return reread(deps, page.id);
}

/** DELETE /api/my-page/photo */
export async function removeMyPagePhoto(deps: PageDeps, userId: number): Promise<MyPage> {
  const page = await ownPage(deps.db, userId);
  if (page.photo_id === null) throw pageErrors.noPhoto();
  await deps.db.transaction(async (tx) => {
    await repo.updatePage(tx, page.id, { photo_id: null }, deps.clock.now());
    await repo.deletePhoto(tx, page.photo_id!);
  });
  return reread(deps, page.id);
}

// What anyone reads

const encodeCursor = (g: { created_at: Date; id: number }) => Buffer.from(`${g.created_at.toISOString()}|${g.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: number } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  const n = Number(id);
  if (Number.isNaN(createdAt.getTime()) || !Number.isInteger(n) || n < 1) throw pageErrors.cursorInvalid();
  return { createdAt, id: n };
}

/** A page's gifts as anyone sees them: newest first; "Anonymous" for a hidden name, no amount when hidden, no message an admin hid, never an email. */
async function giftsOf(db: Executor, pageId: number, cursor?: string): Promise<PageGiftList> {
  const rows = await repo.listPageGifts(db, pageId, GIFTS_PER_PAGE + 1, cursor ? decodeCursor(cursor) : undefined);
  const shown = rows.slice(0, GIFTS_PER_PAGE);
  return {
    items: shown.map((g) => ({
      id: g.id,
      name: g.hide_name || !g.donor_name ? 'Anonymous' : g.donor_name,
      message: g.message_moderated_at ? '' : g.message,
      amount: g.hide_amount ? null : g.amount,
      created_at: g.created_at.toISOString(),
    })),
    next_cursor: rows.length > GIFTS_PER_PAGE ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}

async function publicPage(db: Executor, slug: string): Promise<repo.PageRow> {
  const page = await repo.findPageBySlug(db, slug);
  if (!page || !isPublic(page)) throw pageErrors.pageNotFound();
  return page;
}

/** GET /api/pages/:slug: a published page no admin hid; the same 404 for a draft, a hidden page and an unknown address. */
export async function getPublicPage(deps: Pick<PageDeps, 'db'> & { clock?: Clock }, slug: string): Promise<PublicPageData> {
  const page = await publicPage(deps.db, slug);
  const photo = page.photo_sha256 && page.photo_moderated_at === null ? page.photo_sha256 : null;
  const backing = backingOf(page, nowOf(deps));
  return {
    slug: page.slug,
    display_name: page.display_name,
    // A story an admin hid is not shown (docs/decisions/159); its owner still sees and edits it.
    story: page.story_moderated_at === null ? page.story : '',
    photo_url: photo ? fundraisingPhotoUrl('page', page.slug, photo, 'full') : null,
    photo_card_url: photo ? fundraisingPhotoUrl('page', page.slug, photo, 'card') : null,
    goal: page.goal,
    raised: raisedOf(page),
    weeks_done: page.weeks_done,
    weeks_total: page.weeks_total,
    country: page.country,
    challenge: { name: page.challenge_name, icon: page.challenge_icon },
    charity: { id: page.recipient_id, name: page.recipient_name, logo: page.recipient_logo, cause: backing.cause },
    team: page.team_slug && page.team_moderated_at === null ? { slug: page.team_slug, name: page.team_name ?? '' } : null,
    cover: coverOf(page),
    weeks: backing.weeks,
    impact_line: backing.impact_line,
    updates: await publicUpdates(deps.db, page),
    gifts: await giftsOf(deps.db, page.id),
    match: await giftMatchFor(deps.db, { campaignId: page.campaign_id, pageId: page.id, teamId: page.team_id, recipientId: page.recipient_id }, nowOf(deps)),
    share_message: page.share_message ?? defaultShareMessage(page.country, { kind: 'page', name: page.display_name, own: false }),
  };
}

/** GET /api/pages/:slug/gifts?cursor=: the next gifts of a public page. */
export async function listPublicGifts(deps: Pick<PageDeps, 'db'>, slug: string, cursor?: string): Promise<PageGiftList> {
  const page = await publicPage(deps.db, slug);
  return giftsOf(deps.db, page.id, cursor);
}

/** A page's or team's photo bytes, when `sha` names its current photo and nothing of it is hidden. */
export async function servedPhoto(deps: Pick<PageDeps, 'db'>, kind: 'page' | 'team', slug: string, sha: string, size: PhotoSize): Promise<Buffer> {
  const photo = await repo.findServedPhoto(deps.db, kind, slug, sha.replace(/\.webp$/, ''), size);
  if (!photo) throw pageErrors.photoNotFound();
  return photo.data;
}

// Teams

async function liveTeam(db: Executor, slug: string): Promise<repo.TeamRow> {
  const team = await repo.findTeamBySlug(db, slug);
  if (!team || !isPublicTeam(team)) throw pageErrors.teamNotFound();
  return team;
}

/** GET /api/teams/:slug: a team no admin hid, its members' pages rolled up (pageRaised) and listed; a link only to a public page. */
export async function getPublicTeam(deps: Pick<PageDeps, 'db'> & { clock?: Clock }, slug: string): Promise<PublicTeamData> {
  const team = await liveTeam(deps.db, slug);
  const members = await repo.listTeamMembers(deps.db, team.id);
  const photo = team.photo_sha256 && team.photo_moderated_at === null ? team.photo_sha256 : null;
  return {
    slug: team.slug,
    name: team.name,
    story: team.story_moderated_at === null ? team.story : '',
    photo_url: photo ? fundraisingPhotoUrl('team', team.slug, photo, 'full') : null,
    photo_card_url: photo ? fundraisingPhotoUrl('team', team.slug, photo, 'card') : null,
    country: team.country,
    raised: raisedOf(team),
    captain_message: team.captain_message,
    captain_name: team.captain_name,
    // Only public member pages, listed and counted (teamMemberIsShown, docs/decisions/154).
    members: members.map((m) => ({ display_name: m.display_name, slug: m.slug, captain: m.page_id === team.captain_page_id, raised: m.raised })),
    match: await giftMatchFor(deps.db, { campaignId: team.campaign_id, pageId: null, teamId: team.id, recipientId: null }, nowOf(deps)),
  };
}

/** POST /api/teams: the donor's page starts a team of its campaign and is its captain. */
export async function createTeam(deps: PageDeps, userId: number, input: CreateTeam & { slug: string; name: string }): Promise<PublicTeamData> {
  const page = await repo.findPageOfUser(deps.db, userId);
  if (!page) throw pageErrors.teamNeedsPage();
  if (await holds.captainsHiddenTeam(deps.db, userId)) throw pageErrors.teamHiddenNoNewTeam();
  if (await holds.slugHeld(deps.db, input.slug)) throw pageErrors.teamSlugTaken();
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await repo.lockPage(tx, page.id);
      if (!locked) throw pageErrors.teamNeedsPage();
      if (locked.team_id !== null) throw pageErrors.alreadyInTeam();
      const teamId = await repo.insertTeam(tx, { campaign_id: page.campaign_id, slug: input.slug, name: input.name, story: input.story ?? '', captain_page_id: page.id });
      await repo.updatePage(tx, page.id, { team_id: teamId }, now);
    });
  } catch (err) {
    throw slugTakenOr(err, 'team');
  }
  return getPublicTeam(deps, input.slug);
}

/** POST /api/teams/:slug/join: the donor's page joins a team of the same campaign; a page is in at most one team. */
export async function joinTeam(deps: PageDeps, userId: number, slug: string): Promise<MyPage> {
  const team = await liveTeam(deps.db, slug);
  const page = await repo.findPageOfUser(deps.db, userId);
  if (!page) throw pageErrors.teamNeedsPage();
  if (page.campaign_id !== team.campaign_id) throw pageErrors.otherCampaign();
  if (page.team_id !== team.id && (await holds.wasRemoved(deps.db, team.id, userId))) throw pageErrors.removedFromTeam();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPage(tx, page.id);
    if (!locked) throw pageErrors.teamNeedsPage();
    if (locked.team_id === team.id) return; // already a member: joining again changes nothing
    if (locked.team_id !== null) throw pageErrors.alreadyInTeam();
    if (!(await repo.lockTeam(tx, team.id))) throw pageErrors.teamNotFound();
    await repo.updatePage(tx, page.id, { team_id: team.id }, deps.clock.now());
  });
  return getMyPage(deps, userId);
}

/** POST /api/my-team/leave */
export async function leaveTeam(deps: PageDeps, userId: number): Promise<MyPage> {
  const page = await ownPage(deps.db, userId);
  if (captainOfHiddenTeam(page)) throw pageErrors.teamHiddenNoLeave();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPage(tx, page.id);
    if (!locked || locked.team_id === null) throw pageErrors.notInTeam();
    await leaveTeamTx(tx, page.id, locked.team_id, deps.clock.now());
  });
  return getMyPage(deps, userId);
}

/** The team, when the signed-in donor's page is its captain (403 otherwise; 404 for no such team or a hidden one). */
async function captainedTeam(db: Executor, userId: number, slug: string): Promise<{ team: repo.TeamRow; page: repo.PageRow }> {
  const team = await liveTeam(db, slug);
  const page = await repo.findPageOfUser(db, userId);
  if (!page || team.captain_page_id !== page.id) throw pageErrors.notCaptain();
  return { team, page };
}

/** DELETE /api/teams/:slug/members/:pageSlug: the captain takes a member's page out of the team; its owner cannot join it again (docs/decisions/154). */
export async function removeMember(deps: PageDeps, userId: number, slug: string, pageSlug: string): Promise<PublicTeamData> {
  const { team, page } = await captainedTeam(deps.db, userId, slug);
  const member = await repo.findPageBySlug(deps.db, pageSlug);
  if (!member || member.team_id !== team.id) throw pageErrors.memberNotFound({ pageSlug });
  if (member.id === page.id) throw pageErrors.removeSelf();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPage(tx, member.id);
    if (locked?.team_id !== team.id) return;
    await repo.updatePage(tx, member.id, { team_id: null }, deps.clock.now());
    await holds.recordRemoval(tx, team.id, member.user_id, deps.clock.now());
  });
  return getPublicTeam(deps, slug);
}

/** PATCH /api/teams/:slug (captain) */
export async function updateTeam(deps: PageDeps, userId: number, slug: string, input: UpdateTeam): Promise<PublicTeamData> {
  const { team } = await captainedTeam(deps.db, userId, slug);
  await repo.updateTeam(
    deps.db,
    team.id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.story !== undefined ? { story: input.story } : {}),
      ...(input.captain_message !== undefined ? { captain_message: input.captain_message } : {}),
    },
    deps.clock.now(),
  );
  return getPublicTeam(deps, slug);
}

/** PUT /api/teams/:slug/photo (captain) */
export async function setTeamPhoto(deps: PageDeps, userId: number, slug: string, photo: Photo): Promise<PublicTeamData> {
  const { team } = await captainedTeam(deps.db, userId, slug);
  await deps.db.transaction(async (tx) => {
    const photoId = await repo.insertPhoto(tx, photo);
    await repo.updateTeam(tx, team.id, { photo_id: photoId }, deps.clock.now());
    if (team.photo_id !== null) await repo.deletePhoto(tx, team.photo_id);
  });
  return getPublicTeam(deps, slug);
}

/** DELETE /api/teams/:slug/photo (captain) */
export async function removeTeamPhoto(deps: PageDeps, userId: number, slug: string): Promise<PublicTeamData> {
  const { team } = await captainedTeam(deps.db, userId, slug);
  if (team.photo_id === null) throw pageErrors.teamNoPhoto();
  await deps.db.transaction(async (tx) => {
    await repo.updateTeam(tx, team.id, { photo_id: null }, deps.clock.now());
    await repo.deletePhoto(tx, team.photo_id!);
  });
  return getPublicTeam(deps, slug);
}

// The account's erasure and data export (modules/account calls these)

/** Erasure: deletes every page of the donor and its photo (in the erasure's transaction); gifts stay in the ledger without their page. */
export async function erasePagesOf(tx: Executor, userId: number, now: Date): Promise<number> {
  const pages = await repo.listPagesOfUser(tx, userId);
  for (const page of pages) {
    const locked = await repo.lockPage(tx, page.id);
    if (locked) await deletePageTx(tx, { ...page, team_id: locked.team_id }, now);
  }
  return pages.length;
}

export type PageExport = {
  slug: string;
  display_name: string;
  story: string;
  goal: number;
  published_at: string | null;
  on_leaderboard: boolean;
  gift_mails: boolean;
  has_photo: boolean;
  team: { slug: string; name: string; captain: boolean } | null;
} & BackingExport;

/** The data export: the donor's pages and their teams, each page's cover and updates (docs/decisions/173). */
export async function exportPagesOf(db: Executor, userId: number): Promise<PageExport[]> {
  const pages = await repo.listPagesOfUser(db, userId);
  const backing = await Promise.all(pages.map((p) => exportBackingOf(db, p)));
  return pages.map((p, i) => ({
    slug: p.slug,
    display_name: p.display_name,
    story: p.story,
    goal: p.goal,
    published_at: p.published_at?.toISOString() ?? null,
    on_leaderboard: p.on_leaderboard,
    gift_mails: p.gift_mails,
    has_photo: p.photo_id !== null,
    team: p.team_slug ? { slug: p.team_slug, name: p.team_name ?? '', captain: p.team_captain_page_id === p.id } : null,
    ...backing[i]!,
  }));
}
