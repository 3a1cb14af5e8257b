import type { UserListQuery } from '@uplift/core/schemas/admin';
import type { User } from '@uplift/core/schemas/auth';
import { asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The admin user table's columns (core's userSchema, SPEC §2); never the password hash or tokens. */
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

export async function listUsers(db: Db, query: UserListQuery): Promise<{ users: User[]; total: number }> {
  const where = searchFilter(query.search);
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(...ordering(query.sort, query.order))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows, total: totals[0]?.n ?? 0 };
}
