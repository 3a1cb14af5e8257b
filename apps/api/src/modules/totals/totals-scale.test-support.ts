// A campaign with a million Confirmed pledges and ten thousand Cancelled ones that paid a week:
// the scale test (totals.scale.test.ts) and the timing (totals.bench.ts) read the same data.
import type { Db } from '../../db/client.ts';
import { challengeIds, insertCampaign, recipientIds } from '../campaigns/campaigns.test-support.ts';

export const CONFIRMED = 1_000_000;
export const CANCELLED_PAID = 10_000;

/** Loads the campaign's pledges (70.00 each; each cancelled one paid 17.50) and returns its id. */
export async function loadMillionPledges(db: Db): Promise<number> {
  const c = await challengeIds(db);
  const r = await recipientIds(db, 'NZ');
  const campaign = await insertCampaign(db, { country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20' });
  const client = await db.$client.connect();
  try {
    // Bulk load as a restore would: foreign-key triggers off (the donors need not exist for a
    // read that never looks at them), every other index and constraint on.
    await client.query('set session_replication_role = replica');
    await client.query(
      `insert into pledges (user_id, campaign_id, challenge_id, recipient_id, number_of_units, cost_per_unit, period, confirmed_amount, pledge_status)
       select g, $1, ($2::int[])[1 + g % 6], ($3::int[])[1 + g % 3], 5, 350, 'weekly', 7000,
              case when g <= $4::int then 'Confirmed' else 'Cancelled' end
         from generate_series(1, $4::int + $5::int) g`,
      [campaign.id, c, r, CONFIRMED, CANCELLED_PAID],
    );
    await client.query(
      `insert into payments (pledge_id, payment_status, processing_date, amount)
       select id, 'Success', '2026-11-20', 1750 from pledges where pledge_status = 'Cancelled'`,
    );
    await client.query('set session_replication_role = origin');
    // What autovacuum does after a bulk load: statistics, and the visibility map that lets
    // the index-only scan skip the table.
    await client.query('vacuum analyze pledges');
    await client.query('vacuum analyze payments');
  } finally {
    client.release();
  }
  return campaign.id;
}
