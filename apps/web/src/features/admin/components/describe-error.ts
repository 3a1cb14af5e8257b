import { ApiError } from '../../../lib/api-client';

/** The server's reason for a failure, or what went wrong on the way there. */
export function reasonOf(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return 'We could not reach Uplift. Please check your connection and try again.';
}
