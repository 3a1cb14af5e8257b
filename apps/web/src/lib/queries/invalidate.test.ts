import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { campaignKeys } from './campaigns';
import { pledgeKeys } from './closest-pledge';
import { clearAfterSignOut, invalidateAfterSignIn, invalidateCampaigns, invalidatePledgeData } from './invalidate';
import { userInfoKeys } from './user-info';

const KEYS: QueryKey[] = [
  pledgeKeys.closest(),
  pledgeKeys.closestConfirmed(),
  campaignKeys.closest('NZ'),
  campaignKeys.active(),
  campaignKeys.mine(),
  campaignKeys.list(),
  userInfoKeys.all,
  ['summary', 'payments'],
];

/** A client holding fresh data under every shared key (and one feature key). */
function seeded() {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, { fresh: true });
  return client;
}

const invalidated = (client: QueryClient) => KEYS.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));

describe('what each mutation refreshes', () => {
  it('a pledge created, replaced, deleted, confirmed or cancelled: the pledge reads and the campaign of the pledge', async () => {
    const client = seeded();
    await invalidatePledgeData(client);
    expect(invalidated(client)).toEqual([
      JSON.stringify(pledgeKeys.closest()),
      JSON.stringify(pledgeKeys.closestConfirmed()),
      JSON.stringify(campaignKeys.mine()),
    ]);
  });

  it("an admin's change to a campaign: every campaign read, the admin's list included, and nothing else", async () => {
    const client = seeded();
    await invalidateCampaigns(client);
    expect(invalidated(client)).toEqual(
      [campaignKeys.closest('NZ'), campaignKeys.active(), campaignKeys.mine(), campaignKeys.list()].map((key) => JSON.stringify(key)),
    );
  });

  it('a sign-in: everything, since it may belong to the user before', async () => {
    const client = seeded();
    await invalidateAfterSignIn(client);
    expect(invalidated(client)).toHaveLength(KEYS.length);
  });

  it('a sign-out: nothing stays cached', () => {
    const client = seeded();
    clearAfterSignOut(client);
    expect(KEYS.map((key) => client.getQueryData(key))).toEqual(KEYS.map(() => undefined));
  });

  it("refetchType 'none' marks the pledge stale without refetching it under the screen", async () => {
    const client = new QueryClient();
    let calls = 0;
    // An active observer, like the payment step's, on the closest pledge.
    const observer = new QueryObserver(client, { queryKey: pledgeKeys.closest(), queryFn: async () => ++calls });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    await invalidatePledgeData(client, { refetchType: 'none' });
    expect(client.getQueryState(pledgeKeys.closest())?.isInvalidated).toBe(true);
    expect(calls).toBe(1);
    await invalidatePledgeData(client);
    expect(calls).toBe(2);
    unsubscribe();
  });
});
