import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import type { Executor } from '../../db/client.ts';
import { campaignErrors } from './campaigns.errors.ts';
import { type CampaignRow, findClosestCampaign } from './campaigns.repository.ts';

// The campaigns module's campaigns operations other modules use.

/** The country's closest open campaign, or a 404 naming the country. */
export async function requireClosestCampaign(db: Executor, country: CountryCode, now: Date): Promise<CampaignRow> {
  const row = await findClosestCampaign(db, country, now);
  if (!row) throw campaignErrors.noneOpen({ country: COUNTRIES[country].name });
  return row;
}

// Queries other modules use, published as they are.
export { MAX_SERIAL_ID, findCampaignById, findClosestCampaign, toCampaignJson } from './campaigns.repository.ts';
