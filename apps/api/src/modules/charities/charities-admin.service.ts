import { randomBytes } from 'node:crypto';
import type { AdminCharity, CharityRequest } from '@uplift/core/schemas/admin-charities';
import type { Db } from '../../db/client.ts';
import { isStillReferenced, isUniqueViolation } from '../../db/pg-errors.ts';
import { charityErrors } from './charities.errors.ts';
import {
  countCharityPledges,
  deleteCharity,
  deletePhoto,
  findCharity,
  insertCharity,
  saveLogo,
  savePhoto,
  updateCharity,
} from './charities.repository.ts';
import { logoUrl, readLogo } from './charity-logo.ts';
import type { Photo } from './charity-photo.ts';

/** A stable, unique, readable slug: the name's letters and digits plus a random tail. */
function slugFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `${base || 'charity'}-${randomBytes(3).toString('hex')}`;
}

async function withNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'recipients_name_key')) throw charityErrors.duplicateName();
    throw err;
  }
}

export async function createCharity(db: Db, input: CharityRequest, now: Date): Promise<AdminCharity> {
  if (!input.logo_base64) throw charityErrors.logoRequired();
  const logo = readLogo(input.logo_base64);
  const id = await withNameCheck(() =>
    db.transaction(async (tx) => {
      const newId = await insertCharity(tx, input, slugFor(input.recipient_name));
      await saveLogo(tx, newId, logo, logoUrl(newId, logo.sha256), now);
      return newId;
    }),
  );
  return (await findCharity(db, id))!;
}

/** Edits a charity; a new logo replaces the old one (and gets a new address). Disabling is an edit. */
export async function editCharity(db: Db, id: number, input: CharityRequest, now: Date): Promise<AdminCharity> {
  const logo = input.logo_base64 ? readLogo(input.logo_base64) : undefined;
  await withNameCheck(() =>
    db.transaction(async (tx) => {
      const current = await findCharity(tx, id);
      if (!current) throw charityErrors.notFound({ id });
      if (current.country !== input.country && current.pledge_count > 0) {
        throw charityErrors.countryFixed();
      }
      await updateCharity(tx, id, input);
      if (logo) await saveLogo(tx, id, logo, logoUrl(id, logo.sha256), now);
    }),
  );
  return (await findCharity(db, id))!;
}

/**
 * Deletes a charity nobody has pledged to. Pledges and payouts point at charities with ON DELETE
 * RESTRICT, so a donor's record can never lose its charity, even in a race.
 */
export async function removeCharity(db: Db, id: number): Promise<void> {
  let deleted: boolean;
  try {
    // In a savepoint: inside an audited transaction, a refused delete must leave it usable for the count.
    deleted = await db.transaction((tx) => deleteCharity(tx, id));
  } catch (err) {
    if (isStillReferenced(err)) {
      const n = await countCharityPledges(db, id);
      throw n > 0 ? charityErrors.hasPledges() : charityErrors.hasPayouts();
    }
    throw err;
  }
  if (!deleted) throw charityErrors.notFound({ id });
}

/**
 * Gives a charity its photo (read by readPhoto beforehand, outside the transaction), replacing any
 * it had: a new photo is a new address (decision 129).
 */
export async function setCharityPhoto(db: Db, id: number, photo: Photo, alt: string, now: Date): Promise<AdminCharity> {
  if (!(await findCharity(db, id))) throw charityErrors.notFound({ id });
  await savePhoto(db, id, photo, alt, now);
  return (await findCharity(db, id))!;
}

/** Removes a charity's photo; 404 when the charity or its photo is not there. */
export async function removeCharityPhoto(db: Db, id: number): Promise<AdminCharity> {
  if (!(await findCharity(db, id))) throw charityErrors.notFound({ id });
  if (!(await deletePhoto(db, id))) throw charityErrors.noPhoto({ id });
  return (await findCharity(db, id))!;
}
