// PostgreSQL error codes the app acts on, checked in one place. Drizzle wraps the driver's error
// (the code sits on `cause`), so every check walks the chain.

export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  restrictViolation: '23001',
  lockNotAvailable: '55P03',
} as const;

type PgError = { code?: string; constraint?: string; cause?: unknown };

function* chain(err: unknown): Generator<PgError> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as PgError).cause, depth++) {
    yield e as PgError;
  }
}

/** True when the error, or one it wraps, carries one of `codes` (and names `constraint`, if given). */
export function hasPgCode(err: unknown, codes: string | readonly string[], constraint?: string): boolean {
  const wanted = typeof codes === 'string' ? [codes] : codes;
  for (const e of chain(err)) {
    if (e.code && wanted.includes(e.code) && (constraint === undefined || e.constraint === constraint)) return true;
  }
  return false;
}

/** A unique index refused the row (optionally: that index). */
export const isUniqueViolation = (err: unknown, constraint?: string) => hasPgCode(err, PG.uniqueViolation, constraint);

/** A row is still referenced by another (ON DELETE RESTRICT says 23001, a plain foreign key 23503). */
export const isStillReferenced = (err: unknown) => hasPgCode(err, [PG.restrictViolation, PG.foreignKeyViolation]);

/** `lock_timeout` ran out while waiting for a row lock. */
export const isLockTimeout = (err: unknown) => hasPgCode(err, PG.lockNotAvailable);
