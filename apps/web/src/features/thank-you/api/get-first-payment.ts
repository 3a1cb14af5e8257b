import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@uplift/core/schemas/payment';
import { confirmedPledgeResponseSchema, type PledgePayment, type PledgeWithPayments } from '@uplift/core/schemas/pledge';
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

/** What the page shows of each payment: its date, its gift and cover, its status. */
export type SchedulePayment = Pick<PledgePayment, 'processing_date' | 'amount' | 'fee_cover' | 'payment_status'>;

/** What the wizard hands the thank-you page (router state): the pledge it confirmed and the schedule the confirm answered. */
export type ConfirmedHandOver = { pledgeId: number; payments: SchedulePayment[] };

const handOverSchema = confirmedPledgeResponseSchema.pick({ payments: true }).extend({ pledgeId: confirmedPledgeResponseSchema.shape.id });

/** The wizard's hand-over from router state, if it is one (anything else, e.g. after a reload: undefined). */
export function readHandOver(state: unknown): ConfirmedHandOver | undefined {
  const parsed = handOverSchema.safeParse(state);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The pledge's schedule. Right after the wizard's confirm, the schedule that call answered is
 * shown at once (docs/decisions/156): no "Loading your payment schedule…" for what the browser
 * already has. Opened any other way, it is read as above.
 */
export const usePaymentSchedule = (pledgeId: number | undefined, delayMs?: number, handOver?: ConfirmedHandOver) => {
  const carried = handOver && handOver.pledgeId === pledgeId ? pledgeSchedule(handOver.payments, handOver.pledgeId) : undefined;
  return useQuery({
    queryKey: ['payments', 'schedule', pledgeId],
    queryFn: (): Promise<SchedulePayment[]> => getPaymentSchedule(pledgeId!, delayMs),
    enabled: pledgeId !== undefined,
    ...(carried && carried.length > 0 ? { initialData: carried } : {}),
  });
};
