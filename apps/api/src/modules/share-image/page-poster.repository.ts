import type { CountryCode } from '@uplift/core/countries';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageIsPublic } from '../challenge-pages/index.ts';

// What a public page's QR code and poster need (docs/decisions/164). challenge-pages' tables, read
// here (any module may read); what is public is challenge-pages' rule, pageIsPublic().

export type PosterFacts = {
  slug: string;
  displayName: string;
  country: CountryCode;
  challengeName: string;
  charityName: string;
  /** The page's card-size photo (WebP), or null when it has none or an admin hid it. */
  photo: Buffer | null;
};

/** A public page's poster facts; undefined for a draft, a hidden or an unknown page. */
export async function findPosterFacts(db: Executor, slug: string, withPhoto: boolean): Promise<PosterFacts | undefined> {
  const { rows } = await db.execute<{ slug: string; display_name: string; country: CountryCode; challenge_name: string; charity_name: string; photo: Buffer | null }>(sql`
    select cp.slug, cp.display_name, c.country, ch.name as challenge_name, r.recipient_name as charity_name,
           case when ${withPhoto} and cp.photo_moderated_at is null then fp.card_data end as photo
      from challenge_pages cp
      join campaigns c on c.id = cp.campaign_id
      join pledges pl on pl.id = cp.pledge_id
      join challenges ch on ch.id = pl.challenge_id
      join recipients r on r.id = pl.recipient_id
      left join fundraising_photos fp on fp.id = cp.photo_id
     where cp.slug = ${slug} and ${pageIsPublic('cp')}`);
  const row = rows[0];
  if (!row) return undefined;
  return { slug: row.slug, displayName: row.display_name, country: row.country, challengeName: row.challenge_name, charityName: row.charity_name, photo: row.photo ?? null };
}
