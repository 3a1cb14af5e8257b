import type { ConsentKind } from '@uplift/core/schemas/account';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { consentEvents } from '../../db/schema.ts';

// consent_events: one row per consent given or withdrawn, never changed (docs/decisions/083).

export async function insertConsentEvents(
  db: Executor,
  rows: { user_id: number; consent: ConsentKind; given: 'given' | 'withdrawn'; wording_version: string; source: string; created_at: Date }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(consentEvents).values(rows);
}

export async function listConsentEvents(db: Executor, userId: number) {
  return db
    .select({
      consent: consentEvents.consent,
      given: consentEvents.given,
      wording_version: consentEvents.wording_version,
      source: consentEvents.source,
      created_at: consentEvents.created_at,
    })
    .from(consentEvents)
    .where(eq(consentEvents.user_id, userId))
    .orderBy(asc(consentEvents.created_at), asc(consentEvents.id));
}

/** The latest choice recorded per kind (one entry per kind that has any). */
export async function latestConsentChoices(db: Executor, userId: number): Promise<Map<ConsentKind, 'given' | 'withdrawn'>> {
  const rows = await db
    .select({ consent: consentEvents.consent, given: consentEvents.given })
    .from(consentEvents)
    .where(eq(consentEvents.user_id, userId))
    .orderBy(asc(consentEvents.created_at), asc(consentEvents.id));
  // Oldest first: a later row of a kind replaces the earlier one.
  return new Map(rows.map((r) => [r.consent, r.given]));
}
