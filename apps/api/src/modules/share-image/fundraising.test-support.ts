// Rows for the page and team card tests (docs/decisions/143), inserted directly: a donor with a
// Confirmed pledge, their page (published or not), gifts on it, teams.
import type { CountryCode } from '@uplift/core/countries';
import { asMinor } from '@uplift/core/money';
import type { Db } from '../../db/client.ts';
import { challengePages, gifts, teams } from '../../db/schema.ts';
import { challengeIds, insertPledge, recipientIds } from '../campaigns/campaigns.test-support.ts';

let sequence = 0;

export type TestPage = { id: number; campaign_id: number; recipient_id: number; slug: string };

/** A Confirmed pledge of `pledged` minor units (first challenge, `charity`-th charity of the country) and its page, published unless told. */
export async function insertPage(
  db: Db,
  opts: { campaignId: number; country: CountryCode; slug: string; displayName?: string; goal?: number; pledged?: number; charity?: number; published?: boolean; moderated?: boolean; teamId?: number },
): Promise<TestPage> {
  const pledge = await insertPledge(db, {
    campaign_id: opts.campaignId,
    challenge_id: (await challengeIds(db))[0]!,
    recipient_id: (await recipientIds(db, opts.country))[opts.charity ?? 0]!,
    confirmed_amount: opts.pledged ?? 7000,
    pledge_status: 'Confirmed',
  });
  const [page] = await db
    .insert(challengePages)
    .values({
      user_id: pledge.user_id,
      pledge_id: pledge.id,
      campaign_id: opts.campaignId,
      slug: opts.slug,
      display_name: opts.displayName ?? `Sam ${String.fromCharCode(65 + (sequence++ % 26))}.`,
      goal: asMinor(opts.goal ?? 20000),
      published_at: opts.published === false ? null : new Date('2026-11-21T00:00:00Z'),
      moderated_at: opts.moderated ? new Date('2026-11-22T00:00:00Z') : null,
      team_id: opts.teamId ?? null,
    })
    .returning();
  return { id: page!.id, campaign_id: page!.campaign_id, recipient_id: pledge.recipient_id, slug: page!.slug };
}

/** A friend's gift on the page, succeeded unless told. */
export async function insertGift(db: Db, page: TestPage, amount: number, status: 'pending' | 'succeeded' | 'failed' = 'succeeded') {
  const key = `test-gift-${++sequence}-${Date.now()}`;
  await db.insert(gifts).values({
    page_id: page.id,
    campaign_id: page.campaign_id,
    recipient_id: page.recipient_id,
    amount: asMinor(amount),
    donor_name: 'A Friend',
    donor_email: 'friend@example.org',
    status,
    idempotency_key: key,
    client_key: key,
  });
}

export async function insertTeam(db: Db, opts: { campaignId: number; slug: string; name: string; moderated?: boolean }): Promise<number> {
  const [team] = await db
    .insert(teams)
    .values({ campaign_id: opts.campaignId, slug: opts.slug, name: opts.name, moderated_at: opts.moderated ? new Date('2026-11-22T00:00:00Z') : null })
    .returning({ id: teams.id });
  return team!.id;
}
