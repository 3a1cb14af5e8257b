import { ApiError } from '../../../lib/api-client';

/** The server's reason for a failure, or what went wrong on the way there. */
export function reasonOf(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return 'We could not reach Uplift. Please check your connection and try again.';
}

/** One refused field of an API answer: its path in the body ('amount') and its message. */
export type RefusedField = { path: string; message: string };

/**
 * Every field a refused request named (the API's `errors`, product-rules §18), in its order; none
 * for any other failure. A form shows each at its field, all at once.
 */
export function refusedFieldsOf(err: unknown): RefusedField[] {
  if (!(err instanceof ApiError)) return [];
  const errors = (err.body as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => {
    const { path, message } = (e ?? {}) as { path?: unknown; message?: unknown };
    return typeof path === 'string' && path !== '' && typeof message === 'string' ? [{ path, message }] : [];
  });
}
