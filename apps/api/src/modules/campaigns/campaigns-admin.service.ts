import { todayInCountry } from '@uplift/core/calendar';
import { COUNTRY_CODES } from '@uplift/core/countries';
import type { AdminCampaign, CampaignRequest } from '@uplift/core/schemas/campaign';
import type { Db } from '../../db/client.ts';
import { isStillReferenced } from '../../db/pg-errors.ts';
import {
  countPledges,
  deactivateEndedBefore,
  deleteCampaign,
  findCampaign,
  insertCampaign,
  lockCampaign,
  updateCampaign,
} from './campaigns.repository.ts';
import { campaignErrors } from './campaigns.errors.ts';

function pledgesPhrase(n: number): string {
  return n === 1 ? '1 pledge' : `${n} pledges`;
}

export async function createCampaign(db: Db, input: CampaignRequest): Promise<AdminCampaign> {
  const id = await insertCampaign(db, input);
  return (await findCampaign(db, id))!;
}

/**
 * Edits a campaign. Once donors have pledged, the country and the billing start date are fixed:
 * the pledges' charities belong to that country and their payments were scheduled from that date.
 */
export async function editCampaign(db: Db, id: number, input: CampaignRequest, now: Date): Promise<AdminCampaign> {
  await db.transaction(async (tx) => {
    const current = await lockCampaign(tx, id);
    if (!current) throw campaignErrors.doesNotExist({ id });
    const fixedFieldChanged = current.country !== input.country || current.billing_start_date !== input.billing_start_date;
    if (fixedFieldChanged) {
      const pledged = await countPledges(tx, id);
      if (pledged > 0) {
        throw campaignErrors.fixedOncePledged({ pledges: pledgesPhrase(pledged) });
      }
    }
    await updateCampaign(tx, id, input, now);
  });
  return (await findCampaign(db, id))!;
}

/**
 * Deletes a campaign nobody has pledged to. The database refuses to delete a campaign its
 * pledges point at (pledges.campaign_id is ON DELETE RESTRICT), so donors' records are safe even
 * from a race.
 */
export async function removeCampaign(db: Db, id: number): Promise<void> {
  let deleted: boolean;
  try {
    // In a savepoint: inside an audited transaction, a refused delete must leave it usable for the count.
    deleted = await db.transaction((tx) => deleteCampaign(tx, id));
  } catch (err) {
    if (isStillReferenced(err)) throw campaignErrors.cannotDeletePledged({ pledges: pledgesPhrase(await countPledges(db, id)) });
    throw err;
  }
  if (!deleted) throw campaignErrors.doesNotExist({ id });
}

/** Deactivates campaigns whose end date has passed in their own country's zone. */
export async function deactivatePastCampaigns(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (const country of COUNTRY_CODES) {
    total += await deactivateEndedBefore(db, country, todayInCountry(country, now), now);
  }
  return total;
}

export function deactivatedMessage(n: number): string {
  return `Deactivated ${n} past ${n === 1 ? 'campaign' : 'campaigns'}`;
}
