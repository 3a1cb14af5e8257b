import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

// Seeds what the pages and gifts APIs make (a published challenge page, friends' gifts) straight
// into the e2e app's embedded database, for specs of what is built on them (leaderboards,
// moderation). The donor and pledge come through the API (support/donor.ts) as always.

/** A client of the e2e app's database (the embedded server of global-setup, its credentials file). */
export async function e2eDb(): Promise<pg.Client> {
  const creds = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'pg-credentials.json'), 'utf8')) as { user: string; password: string };
  const client = new pg.Client({ connectionString: `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${process.env.E2E_PG_PORT}/uplift` });
  await client.connect();
  return client;
}

/** Publishes a page on the donor's Confirmed pledge (on the leaderboard) and adds a succeeded gift with `message`; answers their ids. */
export async function seedPageWithGift(
  email: string,
  page: { slug: string; displayName: string; giftMinor: number; message: string },
): Promise<{ pageId: number; giftId: number }> {
  const db = await e2eDb();
  try {
    const pageRow = await db.query<{ id: number; campaign_id: number; recipient_id: number }>(
      `insert into challenge_pages (user_id, pledge_id, campaign_id, slug, display_name, goal, published_at, on_leaderboard)
       select u.id, p.id, p.campaign_id, $2, $3, 50000, now(), true
         from users u join pledges p on p.user_id = u.id and p.pledge_status = 'Confirmed'
        where lower(u.email) = lower($1)
       returning id, campaign_id, (select recipient_id from pledges where id = pledge_id) as recipient_id`,
      [email, page.slug, page.displayName],
    );
    const { id: pageId, campaign_id, recipient_id } = pageRow.rows[0]!;
    const key = `${page.slug}-${Date.now()}`;
    const gift = await db.query<{ id: number }>(
      `insert into gifts (page_id, campaign_id, recipient_id, amount, donor_name, donor_email, message, status, idempotency_key, client_key, settled_at)
       values ($1, $2, $3, $4, 'A friend', 'friend.e2e@example.org', $5, 'succeeded', $6, $7, now()) returning id`,
      [pageId, campaign_id, recipient_id, page.giftMinor, page.message, `idem-${key}`, `client-${key}`],
    );
    return { pageId, giftId: gift.rows[0]!.id };
  } finally {
    await db.end();
  }
}
