import type { ConsentKind } from '@uplift/core/schemas/account';
import { MAIL_PREFERENCE_KINDS, preferenceState, type MailPreference } from '@uplift/core/mail-kinds';
import { insertConsentEvents, latestConsentChoices } from './consents.repository.ts';
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

/**
 * Every mail preference of a donor as it stands: the latest consent event per kind, else the
 * kind's default (core mail-kinds.ts; docs/decisions/136).
 */
export async function mailPreferencesOf(db: Executor, userId: number): Promise<Record<MailPreference, boolean>> {
  const latest = await latestConsentChoices(db, userId);
  return Object.fromEntries(MAIL_PREFERENCE_KINDS.map((kind) => [kind, preferenceState(kind, latest.get(kind))])) as Record<MailPreference, boolean>;
}

/** Whether a donor still wants this optional mail, or part of a mail. */
export async function wantsMail(db: Executor, userId: number, kind: MailPreference): Promise<boolean> {
  return (await mailPreferencesOf(db, userId))[kind];
}

export { insertConsentEvents as recordConsentEvents, listConsentEvents } from './consents.repository.ts';
