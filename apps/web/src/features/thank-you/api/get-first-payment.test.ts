import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPayment, getFirstPayment } from './get-first-payment';

const payments = [
  { pledge_id: 7, processing_date: '2026-12-02', amount: 17.5, payment_status: 'Pending' },
  { pledge_id: 7, processing_date: '2026-11-25', amount: 17.5, payment_status: 'Failed' },
  { pledge_id: 3, processing_date: '2026-11-01', amount: 9, payment_status: 'Success' },
  { pledge_id: 7, processing_date: '2026-11-18', amount: 20, payment_status: 'Success' },
];

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('the first payment on the thank-you page', () => {
  it('is the earliest Pending or Success payment of the pledge', () => {
    expect(firstPayment(payments, 7)).toMatchObject({ processing_date: '2026-11-18', amount: 20 });
    expect(firstPayment([], 7)).toBeUndefined();
  });

  it('comes from GET /api/payment/, or from the pledge’s own schedule when that fails', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/api/payment/'
        ? respond(500, { message: 'down' })
        : respond(200, { id: 7, payments: [{ processing_date: '2026-11-25', amount: 17.5, payment_status: 'Pending' }] }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await getFirstPayment(7, 0)).toMatchObject({ processing_date: '2026-11-25', amount: 17.5 });
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/payment/', '/api/pledge/7']);
  });

  it('does not ask for the pledge when the payments list answers', async () => {
    const fetch = vi.fn(async () => respond(200, payments));
    vi.stubGlobal('fetch', fetch);
    expect(await getFirstPayment(7, 0)).toMatchObject({ processing_date: '2026-11-18' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
