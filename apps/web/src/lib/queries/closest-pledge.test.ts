import { QueryClient } from '@tanstack/react-query';
import type { Pledge } from '@uplift/core/schemas/pledge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { closestConfirmedPledgeQuery, closestPledgeQuery, fetchClosestPledge, pledgeKeys, pledgeStatusOf } from './closest-pledge';

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const pledge = {
  id: 7,
  campaign_id: 1,
  challenge_id: 2,
  recipient_id: 3,
  number_of_units: 5,
  cost_per_unit: 3.5,
  period: 'weekly',
  confirmed_amount: 70,
  pledge_status: 'Pending',
  country: 'NZ',
} satisfies Pledge;

afterEach(() => vi.unstubAllGlobals());

describe('the closest pledge, shared by the wizard, the summary and the login redirect', () => {
  it('is the pledge the API answers', async () => {
    const fetch = answer(200, pledge);
    expect(await fetchClosestPledge()).toEqual(pledge);
    expect(fetch).toHaveBeenCalledWith('/api/pledge/closest', expect.objectContaining({ method: 'GET' }));
  });

  it("is null for 'No pledges!' (404), which product-rules §4 counts as Cancelled", async () => {
    answer(404, { message: 'No pledges!', code: 'pledge.none' });
    const none = await fetchClosestPledge();
    expect(none).toBeNull();
    expect(pledgeStatusOf(none)).toBe('Cancelled');
    expect(pledgeStatusOf({ pledge_status: 'Pending' })).toBe('Pending');
  });

  it('stays an error for any other failure, so the query can retry it', async () => {
    answer(500, { message: 'boom', code: 'internal' });
    await expect(fetchClosestPledge()).rejects.toBeInstanceOf(ApiError);
  });

  it('lives under one key, which the Confirmed-only read shares as its prefix', async () => {
    answer(200, pledge);
    const client = new QueryClient();
    await client.fetchQuery(closestPledgeQuery());
    expect(client.getQueryData(pledgeKeys.closest())).toEqual(pledge);
    expect(closestPledgeQuery().queryKey).toEqual(['pledge', 'closest']);
    expect(closestConfirmedPledgeQuery().queryKey.slice(0, 2)).toEqual(closestPledgeQuery().queryKey);
  });
});
