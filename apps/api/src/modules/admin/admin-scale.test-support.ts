// The admin screens at scale, one place for the tests that check them deterministically
// (campaign-report.scale.test.ts, admin-users.test.ts) and the benches that time them
// (campaign-report.bench.ts, admin-users.bench.ts): the same rows in both.
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Db } from '../../db/client.ts';
import { challengeIds, insertCampaign, recipientIds } from '../campaigns/campaigns.test-support.ts';

/**
 * Bulk load as a restore would: foreign-key triggers off (the donors need not exist for a report
 * that never looks at them), every other index and constraint on; then what autovacuum does
 * after a bulk load: statistics and the visibility map.
 */
async function asRestore(db: Db, load: (client: PoolClient) => Promise<void>): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('set session_replication_role = replica');
    await load(client);
    await client.query('set session_replication_role = origin');
    await client.query('vacuum analyze pledges');
    await client.query('vacuum analyze payments');
  } finally {
    client.release();
  }
}

export const REPORT_PLEDGES = 25_000;
export const REPORT_PAYMENTS = REPORT_PLEDGES * 4;

/**
 * A campaign with 25,000 pledges and 100,000 payments (decision 103): every 10th pledge cancelled
 * after its first week, the rest confirmed at 70.00 (4 × 17.50); weeks 1–2 charged (one in 50 of
 * the second week failed), weeks 3–4 still to come (cancelled for cancelled pledges). Returns
 * the campaign's id. `pledges` and `start` make a smaller campaign of the same shape beside it.
 */
export async function loadReportCampaign(db: Db, { pledges = REPORT_PLEDGES, start = '2026-11-20' } = {}): Promise<number> {
  const c = await challengeIds(db);
  const r = await recipientIds(db, 'NZ');
  const end = new Date(Date.parse(start) + 30 * 86_400_000).toISOString().slice(0, 10);
  const campaignId = (await insertCampaign(db, { country: 'NZ', start_date: start, end_date: end })).id;
  await asRestore(db, async (client) => {
    await client.query(
      `insert into pledges (user_id, campaign_id, challenge_id, recipient_id, number_of_units, cost_per_unit, period, confirmed_amount, pledge_status, confirmed_at)
       select g, $1, ($2::int[])[1 + g % 6], ($3::int[])[1 + g % 3], 5, 350, 'weekly', 7000,
              case when g % 10 = 0 then 'Cancelled' else 'Confirmed' end, ($5::date + time '01:00') at time zone 'UTC' + (g % 7) * interval '1 day'
         from generate_series(1, $4::int) g`,
      [campaignId, c, r, pledges, start],
    );
    await client.query(
      `insert into payments (pledge_id, payment_status, processing_date, amount)
       select p.id,
              case when w = 1 then 'Success'
                   when p.pledge_status = 'Cancelled' then 'Cancelled'
                   when w = 2 and p.id % 50 = 0 then 'Failed'
                   when w = 2 then 'Success'
                   else 'Pending' end,
              $2::date + (w - 1) * 7, 1750
         from pledges p cross join generate_series(1, 4) w
        where p.campaign_id = $1`,
      [campaignId, start],
    );
  });
  return campaignId;
}

export const GENERATED_USERS = 10_000;
export const LAST_NAMES = ['Smith', 'ngata', 'Wilson', 'Brown', 'Taylor', 'Evans', 'Tawhiri', 'Sharma', 'Jones', 'walker', 'Clark'];

/**
 * 10,000 donors: Given{i} {LAST_NAMES[i % 11]}, donor{i}@example.org, {i} Queen Street, NZ for
 * even i and UK for odd, activated unless i % 3 = 0, Uplift news when i % 4 = 0, charity news
 * when i % 5 = 0.
 */
export async function loadUsers(db: Db): Promise<void> {
  const names = sql.raw(`array[${LAST_NAMES.map((n) => `'${n}'`).join(',')}]`);
  await db.execute(sql`
    insert into users (first_name, last_name, email, user_address, country, password_hash, activated,
                       opt_in_uplift_comms, opt_in_charity_comms)
    select 'Given' || i, (${names})[1 + i % ${LAST_NAMES.length}], 'donor' || i || '@example.org',
           i || ' Queen Street', case when i % 2 = 0 then 'NZ' else 'UK' end, '!', i % 3 <> 0,
           i % 4 = 0, i % 5 = 0
    from generate_series(1, ${GENERATED_USERS}) as i`);
  await db.execute(sql`analyze users`);
}
