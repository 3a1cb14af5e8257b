import type { AdminUser, UserListQuery } from '@uplift/core/schemas/admin';
import { asMinor, fromMinor } from '@uplift/core/money';
import type { PledgeStatus } from '@uplift/core/statuses';
import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The admin user table's columns (core's userSchema, product-rules §2); never the password hash or tokens. */
const columns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  country: users.country,
  opt_in_uplift_comms: users.opt_in_uplift_comms,
  opt_in_charity_comms: users.opt_in_charity_comms,
  email: users.email,
  user_address: users.user_address,
  activated: users.activated,
  erased: sql<boolean>`${users.erased_at} is not null`,
};

/** Escapes LIKE's wildcards so a search for '50%' or 'o_neil' means exactly that. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What a search looks in: the name as shown ("last, first"), as typed ("first last") and the
 * email, lower-cased. Migration 0003_users_search_trgm indexes exactly this expression with
 * pg_trgm, so a "contains" search stays fast at 100,000 users; keep the two identical.
 */
const searchText = sql`lower(${users.last_name} || ', ' || ${users.first_name} || ' ' || ${users.first_name} || ' ' || ${users.last_name} || ' ' || ${users.email})`;

export function searchFilter(term: string): SQL | undefined {
  if (!term) return undefined;
  return sql`${searchText} like lower(${likePattern(term)})`;
}

function ordering(sort: UserListQuery['sort'], order: UserListQuery['order']): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  // Case-insensitive names and emails (the indexes are on lower()); id breaks ties so pages never overlap.
  switch (sort) {
    case 'last_name':
      return [dir(sql`lower(${users.last_name})`), dir(sql`lower(${users.first_name})`), dir(users.id)];
    case 'email':
      return [dir(sql`lower(${users.email})`), dir(users.id)];
    case 'country':
      return [dir(users.country), dir(users.id)];
    case 'id':
      return [dir(users.id)];
  }
}

/** Donors with a confirmed or cancelled pledge in the campaign (pledges_user_idx / campaign index). */
function campaignFilter(campaignId: number | undefined): SQL | undefined {
  if (campaignId === undefined) return undefined;
  return sql`exists (select 1 from pledges p where p.user_id = "users"."id" and p.campaign_id = ${campaignId} and p.pledge_status <> 'Pending')`;
}

/**
 * The pledge shown beside an account (decision 057): in the filtered campaign, or the latest one;
 * a live pledge before a cancelled one. Read for the page's rows only.
 */
function pledgeOf(campaignId: number | undefined) {
  const inCampaign = campaignId === undefined ? sql`` : sql`and p.campaign_id = ${campaignId}`;
  return sql<string | null>`(select json_build_array(p.pledge_status, p.confirmed_amount, p.campaign_id)::text from pledges p
    where p.user_id = "users"."id" ${inCampaign}
    order by (p.pledge_status = 'Cancelled'), p.created_at desc, p.id desc limit 1)`;
}

export async function listUsers(db: Db, query: UserListQuery): Promise<{ users: AdminUser[]; total: number }> {
  const where = and(searchFilter(query.search), campaignFilter(query.campaign_id));
  const [rows, totals] = await Promise.all([
    db
      .select({ ...columns, pledge: pledgeOf(query.campaign_id) })
      .from(users)
      .where(where)
      .orderBy(...ordering(query.sort, query.order))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(({ pledge, ...user }) => {
      const [status, amount, campaign] = pledge ? (JSON.parse(pledge) as [PledgeStatus, number, number]) : [null, null, null];
      return { ...user, pledge_status: status, pledge_amount: amount === null ? null : fromMinor(asMinor(amount)), pledge_campaign_id: campaign };
    }),
    total: totals[0]?.n ?? 0,
  };
}
