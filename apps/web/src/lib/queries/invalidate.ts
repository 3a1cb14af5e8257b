import type { QueryClient } from '@tanstack/react-query';
import { campaignKeys } from './campaigns';
import { pledgeKeys } from './closest-pledge';
import { userInfoKeys } from './user-info';

// What each kind of mutation changes in the shared reads, in one place. Mutations call these
// rather than naming keys, so a new shared read is refreshed everywhere it should be.

type Options = {
  /**
   * 'none' only marks the data stale, for a mutation whose screen is about to go (confirming a
   * pledge, cancelling one): refetched under it, the screen would change before it navigates.
   */
  refetchType?: 'active' | 'none';
};

/** After a pledge is created, replaced, deleted, confirmed or cancelled: the pledge and its campaign. */
export function invalidatePledgeData(queryClient: QueryClient, { refetchType = 'active' }: Options = {}): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pledgeKeys.all, refetchType }),
    queryClient.invalidateQueries({ queryKey: campaignKeys.mine(), refetchType }),
  ]).then(() => undefined);
}

/** After an admin creates, edits, deletes or deactivates a campaign: every campaign read. */
export function invalidateCampaigns(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

/**
 * After an admin adds, edits, disables or deletes a charity or a challenge, or changes what a
 * campaign offers: the landing page's and the wizard's lists and the totals aligned to them.
 */
export function invalidateReferenceData(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [['recipients'], ['challenges'], ['totals']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/**
 * After a sign-in: every cached read may belong to whoever was signed in before (the features'
 * own reads too, which this module cannot name), so all of it is read again.
 */
export function invalidateAfterSignIn(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

// After a sign-out (its own file: the navbar, in every page's first load, needs only this one).
export { clearAfterSignOut } from './clear-after-sign-out';

/** After the donor corrects their name or email on /account: the shared user info. */
export function invalidateUserInfo(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: userInfoKeys.all });
}
