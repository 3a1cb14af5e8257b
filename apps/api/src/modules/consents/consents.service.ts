import type { ConsentKind } from '@uplift/core/schemas/account';
import { insertConsentEvents } from './consents.repository.ts';
import type { Executor } from '../../db/client.ts';

/** Version of the consent wording shown at registration and on /account; recorded with each event. */
export const CONSENT_WORDING_VERSION = '2026-11-23';

/** The consents given at registration, as events (called in the registration's transaction). */
export async function recordRegistrationConsents(
  db: Executor,
  userId: number,
  input: { opt_in_uplift_comms: boolean; opt_in_charity_comms: boolean },
  now: Date,
): Promise<void> {
  const given: ConsentKind[] = ['terms'];
  if (input.opt_in_uplift_comms) given.push('uplift_news');
  if (input.opt_in_charity_comms) given.push('charity_news');
  await insertConsentEvents(
    db,
    given.map((consent) => ({ user_id: userId, consent, given: 'given' as const, wording_version: CONSENT_WORDING_VERSION, source: 'registration', created_at: now })),
  );
}

export { insertConsentEvents as recordConsentEvents, listConsentEvents } from './consents.repository.ts';
