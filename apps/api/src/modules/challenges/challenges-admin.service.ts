import { randomBytes } from 'node:crypto';
import type { AdminChallenge, CampaignOffer, ChallengeRequest } from '@uplift/core/schemas/admin-charities';
import type { Db } from '../../db/client.ts';
import { isStillReferenced, isUniqueViolation } from '../../db/pg-errors.ts';
import { campaignErrors } from '../campaigns/index.ts';
import { challengeErrors } from './challenges.errors.ts';
import {
  deleteChallenge,
  findAdminChallenge,
  findCampaignCountry,
  insertChallenge,
  replaceOffer,
  selectExistingChallengeIds,
  selectOffer,
  selectRecipientCountries,
  updateChallenge,
} from './challenges.repository.ts';

function slugFor(name: string): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
  return `${base || 'challenge'}-${randomBytes(3).toString('hex')}`;
}

async function withNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'challenges_name_key')) throw challengeErrors.duplicateName();
    throw err;
  }
}

export async function createChallenge(db: Db, input: ChallengeRequest): Promise<AdminChallenge> {
  const id = await withNameCheck(() => insertChallenge(db, input, slugFor(input.name)));
  return (await findAdminChallenge(db, id))!;
}

export async function editChallenge(db: Db, id: number, input: ChallengeRequest): Promise<AdminChallenge> {
  const updated = await withNameCheck(() => updateChallenge(db, id, input));
  if (!updated) throw challengeErrors.notFound({ id });
  return (await findAdminChallenge(db, id))!;
}

/** Deletes a challenge nobody has pledged to (pledges.challenge_id is ON DELETE RESTRICT). */
export async function removeChallenge(db: Db, id: number): Promise<void> {
  let deleted: boolean;
  try {
    deleted = await deleteChallenge(db, id);
  } catch (err) {
    if (isStillReferenced(err)) throw challengeErrors.hasPledges();
    throw err;
  }
  if (!deleted) throw challengeErrors.notFound({ id });
}

async function campaignOrThrow(db: Db, id: number) {
  const campaign = await findCampaignCountry(db, id);
  if (!campaign) throw campaignErrors.doesNotExist({ id });
  return campaign;
}

export async function getOffer(db: Db, campaignId: number): Promise<CampaignOffer> {
  await campaignOrThrow(db, campaignId);
  return selectOffer(db, campaignId);
}

/**
 * Narrows what a campaign offers (docs/decisions/053: every enabled challenge and charity of its
 * country unless narrowed). Empty lists widen it again. Charities must be of the campaign's country.
 */
export async function setOffer(db: Db, campaignId: number, input: CampaignOffer): Promise<CampaignOffer> {
  const campaign = await campaignOrThrow(db, campaignId);
  const offer = { challenge_ids: [...new Set(input.challenge_ids)], recipient_ids: [...new Set(input.recipient_ids)] };
  if (offer.challenge_ids.length > 0) {
    const found = await selectExistingChallengeIds(db, offer.challenge_ids);
    if (found.length !== offer.challenge_ids.length) throw challengeErrors.offerChallengeUnknown();
  }
  if (offer.recipient_ids.length > 0) {
    const found = await selectRecipientCountries(db, offer.recipient_ids);
    if (found.length !== offer.recipient_ids.length || found.some((r) => r.country !== campaign.country)) {
      throw challengeErrors.offerRecipientCountry();
    }
  }
  await db.transaction((tx) => replaceOffer(tx, campaignId, offer));
  return selectOffer(db, campaignId);
}
