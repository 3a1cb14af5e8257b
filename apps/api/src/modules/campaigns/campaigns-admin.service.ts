import { todayInCountry } from '@uplift/core/calendar';
import { COUNTRY_CODES } from '@uplift/core/countries';
import type { AdminCampaign, CampaignRequest } from '@uplift/core/schemas/campaign';
import type { Db } from '../../db/client.ts';
import { isStillReferenced } from '../../db/pg-errors.ts';
import type { PhotoSet } from './campaign-photo.ts';
import {
  countPledges,
  deactivateEndedBefore,
  deleteCampaign,
  deleteHeroPhoto,
  findCampaign,
  saveHeroPhoto,
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

/**
 * Gives a campaign its hero photo (read by readHeroPhoto beforehand, outside the transaction),
 * replacing any it had: a new photo is a new address (docs/decisions/170).
 */
export async function setCampaignPhoto(db: Db, id: number, photo: PhotoSet, alt: string, now: Date): Promise<AdminCampaign> {
  if (!(await lockCampaign(db, id))) throw campaignErrors.doesNotExist({ id });
  await saveHeroPhoto(db, id, photo, alt, now);
  return (await findCampaign(db, id))!;
}

/** Removes a campaign's hero photo (the landing shows its illustration again); 404 when the campaign or its photo is not there. */
export async function removeCampaignPhoto(db: Db, id: number, now: Date): Promise<AdminCampaign> {
  if (!(await lockCampaign(db, id))) throw campaignErrors.doesNotExist({ id });
  if (!(await deleteHeroPhoto(db, id, now))) throw campaignErrors.photoNotFound({ id });
  return (await findCampaign(db, id))!;
}
