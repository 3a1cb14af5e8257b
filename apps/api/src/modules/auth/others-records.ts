import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passkeys, refreshTokens } from '../../db/schema.ts';
import { DomainError, refusedForeignRecord } from '../../errors.ts';

// A signed-in person asking for a sign-in or a passkey that exists and is someone else's gets the
// same 404 as for a missing one, and the ask is a security event (`security.access_refused`,
// docs/security.md; docs/decisions/154).

export type OwnedRecord = { session: string } | { passkey: number };

async function isAnothers(db: Executor, record: OwnedRecord, userId: number): Promise<boolean> {
  const rows =
    'session' in record
      ? await db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.family_id, record.session), ne(refreshTokens.user_id, userId)))
          .limit(1)
      : await db
          .select({ id: passkeys.id })
          .from(passkeys)
          .where(and(eq(passkeys.id, record.passkey), ne(passkeys.user_id, userId)))
          .limit(1);
  return rows.length > 0;
}

/** `error` (a 404 for a record of the asker's that was not found), marked as a refusal of another's record when it exists and is someone else's. */
export async function refusalOf(db: Executor, record: OwnedRecord, userId: number, error: unknown): Promise<unknown> {
  if (!(error instanceof DomainError) || error.status !== 404) return error;
  return (await isAnothers(db, record, userId)) ? refusedForeignRecord(error) : error;
}
