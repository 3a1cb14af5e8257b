import type { Payment } from '@uplift/core/schemas/payment';
import type { PledgeWithPayments } from '@uplift/core/schemas/pledge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPayment, getFirstPayment } from './get-first-payment';

// Typed from core's response schemas, so a renamed or added field fails these fixtures.
const payment = (id: number, pledge_id: number, processing_date: string, amount: number, payment_status: Payment['payment_status']): Payment => ({
  id,
  pledge_id,
  processing_date,
  amount,
  refunded: 0,
  payment_status,
  failure_reason: payment_status === 'Failed' ? 'card_declined' : null,
  next_retry_date: null,
  skipped_from: null,
  fee_cover: 0,
  action: payment_status === 'Failed' ? 'new_card' : null,
  payment_method_id: 3,
  stripe_payment_method_id: 'pm_test_4242',
});

const payments: Payment[] = [
  payment(1, 7, '2026-12-02', 17.5, 'Pending'),
  payment(2, 7, '2026-11-25', 17.5, 'Failed'),
  payment(3, 3, '2026-11-01', 9, 'Success'),
  payment(4, 7, '2026-11-18', 20, 'Success'),
];

const pledgeSeven = {
  id: 7,
  campaign_id: 1,
  challenge_id: 1,
  recipient_id: 2,
  number_of_units: 5,
  cost_per_unit: 3.5,
  period: 'weekly',
  confirmed_amount: 70,
  pledge_status: 'Confirmed',
  country: 'NZ',
  payments: [{ id: 21, processing_date: '2026-11-25', amount: 17.5, fee_cover: 0, payment_status: 'Pending', skipped_from: null }],
} satisfies PledgeWithPayments;

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
        : respond(200, pledgeSeven),
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
