import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@uplift/core/schemas/payment';
import type { PledgePayment, PledgeWithPayments } from '@uplift/core/schemas/pledge';
import { api } from '../../../lib/api-client';

/** What firstPayment reads: GET /api/payment/ names each payment's pledge, a pledge's own schedule does not. */
type Scheduled = { pledge_id?: number; processing_date: string; payment_status: string };

/** product-rules §9: the thank-you page reads the payments about a second after it opens. */
export const PAYMENT_FETCH_DELAY_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pledge's payments still to be taken (or already taken), in date order. */
export function pledgeSchedule<P extends Scheduled>(payments: P[], pledgeId: number): P[] {
  return payments
    .filter((p) => (p.pledge_id === undefined || p.pledge_id === pledgeId) && (p.payment_status === 'Pending' || p.payment_status === 'Success'))
    .sort((a, b) => a.processing_date.localeCompare(b.processing_date));
}

/** The earliest payment still to be taken (or already taken) of a pledge. */
export function firstPayment<P extends Scheduled>(payments: P[], pledgeId: number): P | undefined {
  return pledgeSchedule(payments, pledgeId)[0];
}

/**
 * GET /api/payment/ after the delay; if that fails or has nothing, the pledge's own schedule
 * (GET /api/pledge/{id}) is used instead, so the page always shows the first payment.
 */
export async function getFirstPayment(pledgeId: number, delayMs = PAYMENT_FETCH_DELAY_MS): Promise<Payment | PledgePayment | null> {
  return (await getPaymentSchedule(pledgeId, delayMs))[0] ?? null;
}

/** The pledge's whole schedule, read the same way: the thank-you page recaps its first and last dates. */
export async function getPaymentSchedule(pledgeId: number, delayMs = PAYMENT_FETCH_DELAY_MS): Promise<(Payment | PledgePayment)[]> {
  await wait(delayMs);
  try {
    const found = pledgeSchedule(await api<Payment[]>('/api/payment/', { auth: true }), pledgeId);
    if (found.length > 0) return found;
  } catch {
    // fall back below
  }
  const pledge = await api<PledgeWithPayments>(`/api/pledge/${pledgeId}`, { auth: true });
  return pledgeSchedule(pledge.payments, pledgeId);
}

export const usePaymentSchedule = (pledgeId: number | undefined, delayMs?: number) =>
  useQuery({
    queryKey: ['payments', 'schedule', pledgeId],
    queryFn: () => getPaymentSchedule(pledgeId!, delayMs),
    enabled: pledgeId !== undefined,
  });
