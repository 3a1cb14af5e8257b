import type { QueryClient } from '@tanstack/react-query';

/** After a sign-out: nothing of the signed-out user may stay in memory. */
export function clearAfterSignOut(queryClient: QueryClient): void {
  queryClient.clear();
}
