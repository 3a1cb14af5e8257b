import type { CountryCode } from '@uplift/core/countries';
import { fromMinor } from '@uplift/core/money';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, recipients } from '../../db/schema.ts';
import { MAX_SERIAL_ID } from '../campaigns/campaigns.repository.ts';

type Executor = Pick<Db, 'select'>;
type RecipientRow = typeof recipients.$inferSelect;

/** A charity as the API answers it (core's recipientSchema); impact_cost becomes a decimal amount. */
export function toRecipientJson(row: RecipientRow): Recipient {
  return {
    id: row.id,
    recipient_name: row.recipient_name,
    logo: row.logo,
    impact_cost: fromMinor(row.impact_cost),
    impact_unit: row.impact_unit,
    impact_description: row.impact_description,
    impact_multiplier: row.impact_multiplier,
    description: row.description,
    link: row.link,
    country: row.country,
  };
}

/** Every enabled charity of a country, ordered by id. */
export async function listCountryRecipients(db: Executor, country: CountryCode): Promise<RecipientRow[]> {
  return db
    .select()
    .from(recipients)
    .where(and(eq(recipients.country, country), eq(recipients.is_enabled, true)))
    .orderBy(asc(recipients.id));
}

/**
 * What a campaign offers, ordered by id: every enabled charity of its country, unless an admin
 * narrowed the campaign to some (rows in campaign_recipients), then those of them that are enabled.
 */
export async function listCampaignRecipients(db: Executor, campaign: { id: number; country: CountryCode }): Promise<RecipientRow[]> {
  return db
    .select()
    .from(recipients)
    .where(
      and(
        eq(recipients.country, campaign.country),
        eq(recipients.is_enabled, true),
        sql`(not exists (select 1 from ${campaignRecipients} cr where cr.campaign_id = ${campaign.id})
          or exists (select 1 from ${campaignRecipients} cr where cr.campaign_id = ${campaign.id} and cr.recipient_id = ${recipients.id}))`,
      ),
    )
    .orderBy(asc(recipients.id));
}

export async function findRecipientById(db: Executor, id: number): Promise<RecipientRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db.select().from(recipients).where(eq(recipients.id, id));
  return row;
}
