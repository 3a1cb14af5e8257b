import { type SQL, sql } from 'drizzle-orm';

// The one definition of what a challenge page has raised (docs/decisions/138-challenge-pages-and-gifts.md),
// read from the ledger, never kept in a counter. A page, a team (the sum of its pages) and a
// leaderboard all use it, so a gift counts once wherever it rolls up.

/**
 * A lateral subquery giving, for the challenge_pages row aliased `page` in the caller's query:
 * - `pledged`: the page's pledge counted as every total counts pledges (product-rules §16): a
 *   Confirmed pledge's confirmed amount, a Cancelled one's Success payments, a Pending one nothing,
 *   less its succeeded refunds;
 * - `gifts`: the sum of the page's succeeded gifts, and `gift_count` how many there are.
 *
 * Use as `cross join lateral (${pageRaised('cp')}) raised` and read `raised.pledged`, `raised.gifts`.
 * Amounts are bigint: cast or Number() them.
 *
 * Shaped for a leaderboard's thousands of pages (docs/decisions/143; the same figures as before):
 * a page's succeeded gifts are summed and counted in one pass over the partial index
 * gifts_page_succeeded_idx (page_id, amount), from the index alone.
 */
export function pageRaised(page: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(page)) throw new Error(`pageRaised: "${page}" is not a plain table alias`);
  return sql.raw(`
    select
      coalesce((
        select case pl.pledge_status
                 when 'Confirmed' then pl.confirmed_amount
                 when 'Cancelled' then (select coalesce(sum(pay.amount), 0) from payments pay
                                         where pay.pledge_id = pl.id and pay.payment_status = 'Success')
                 else 0
               end
               - (select coalesce(sum(r.amount), 0) from refunds r join payments pay on pay.id = r.payment_id
                   where pay.pledge_id = pl.id and r.status = 'succeeded')
          from pledges pl
         where pl.id = ${page}.pledge_id and pl.pledge_status <> 'Pending'
      ), 0)::bigint as pledged,
      given.gifts,
      given.gift_count
      from (select coalesce(sum(g.amount), 0)::bigint as gifts, count(*)::int as gift_count
              from gifts g where g.page_id = ${page}.id and g.status = 'succeeded') given`);
}
