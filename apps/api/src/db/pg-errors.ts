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

// The database cannot be reached or went away: PostgreSQL's connection failures (class 08), its
// shutdown and start-up refusals (57P01-57P03), too many connections (53300), and the socket's own.
const UNAVAILABLE_CODES = ['57P01', '57P02', '57P03', '53300'];
const SOCKET_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'];
// node-postgres and its pool say these without a code.
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * True when the error, or one it wraps, says the database is unreachable or went away (not that
 * a query was wrong): the API answers 503, the command-line tools one line (docs/decisions/153).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const { code } = e;
    const message = (e as { message?: unknown }).message;
    if (code && (code.startsWith('08') || UNAVAILABLE_CODES.includes(code) || SOCKET_CODES.includes(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    // A host name with several addresses fails with every one of them at once.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
