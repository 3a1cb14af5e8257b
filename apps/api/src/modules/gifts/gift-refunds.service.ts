import { todayInCountry } from '@uplift/core/calendar';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { AdminGift } from '@uplift/core/schemas/gifts';
import type { Refund, RefundRequest } from '@uplift/core/schemas/refund';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { ReceiptConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { receiptFilename, renderReceiptPdf } from '../documents/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  askProviderAndSettle,
  paymentErrors,
  refundJson,
  reserveGiftRefund,
  searchGifts,
  succeededGiftRefundCount,
  type PaymentProvider,
  type RefundableGift,
  type RefundRow,
} from '../payments/index.ts';
import { giftErrors } from './gifts.errors.ts';
import { giftRefundMail } from './gifts.mails.ts';

// An admin gives back a friend's gift, fully or in part (docs/decisions/150), exactly as a payment
// (docs/decisions/132-refunds.md, billing/refunds.service.ts):
// 1. the ledger reserves the refund (a Pending row with its idempotency key) under the gift's row
//    lock, checked against what was charged less pending and succeeded refunds: committed before
//    the provider is called, so admins at once can never give back more than was given;
// 2. and 3. are the one refund model of payments (askProviderAndSettle: the provider asked with
//    that key, then the row settled with its audit entry); a refund that went through mails the
//    friend the corrected receipt for the net amount (with the corrected NZ tax receipt when they
//    asked for one).

export type GiftRefundDeps = {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  log: Pick<BaseLogger, 'error' | 'info'>;
  receipt: ReceiptConfig;
};

/** POST /api/admin/gifts/{giftId}/refunds: the refund as it settled (201), or the reason it did not. */
export async function refundGift(deps: GiftRefundDeps, adminId: number, giftId: number, input: RefundRequest): Promise<Refund> {
  const amount = asMinor(input.amountMinor);
  const reservation = await reserveGiftRefund(deps.db, { giftId, amount, reason: input.reason, adminId, now: deps.clock.now() });
  if (reservation.kind === 'not_found') throw giftErrors.refundGiftNotFound({ giftId });
  if (reservation.kind === 'not_refundable') throw paymentErrors.refundGiftNotRefundable({ status: reservation.gift.status });
  if (reservation.kind === 'too_much') {
    const g = reservation.gift;
    const money = (m: number) => formatMoney(asMinor(m), g.country);
    throw paymentErrors.refundGiftTooMuch({ most: money(Math.max(0, g.refundable)), charged: money(g.amount), taken: money(g.amount - g.refundable) });
  }
  const { gift, refund } = reservation;

  const { settled, now } = await askProviderAndSettle(deps, {
    refund,
    chargeReference: gift.provider_reference!,
    amount,
    metadata: { gift_id: String(gift.id), refund_id: String(refund.id) },
    audit: { adminId, action: 'gift.refund', target: `gift ${giftId}`, before: { amount: gift.amount, refunded: gift.refunded } },
    inDoubt: () => paymentErrors.refundInDoubt(),
  });

  if (settled.status === 'failed') {
    throw paymentErrors.refundRefused({ providerMessage: settled.failure_message ?? 'no reason given' });
  }
  await mailGiftRefund(deps, gift, settled, now);
  deps.log.info({ refundId: settled.id, giftId, adminId, amount }, 'gift refunded');
  // What is left after this one: the reservation already took this refund's amount off.
  return refundJson(settled, gift.refundable);
}

/** "Your refund of $x" with the gift's corrected receipt for the net amount. Never throws: the refund stands. */
async function mailGiftRefund(deps: GiftRefundDeps, gift: RefundableGift, refund: RefundRow, now: Date): Promise<void> {
  if (!gift.donor_email || !gift.donor_name) return; // erased: nobody to tell
  try {
    const revision = await succeededGiftRefundCount(deps.db, gift.id);
    const refundedSoFar = asMinor(gift.refunded + refund.amount);
    const givenOn = todayInCountry(gift.country, gift.settled_at ?? now);
    const pageName = gift.page_name ?? 'a participant';
    const receiptNumber = gift.receipt_number ?? `gift ${gift.id}`;
    const taxReceipt = gift.country === 'NZ' && gift.tax_receipt;
    const pdfFacts = {
      donorName: gift.donor_name,
      donorAddress: '',
      country: gift.country,
      campaignName: gift.campaign_name,
      recipientName: gift.recipient_name,
      pledgeId: 0,
      gift: { id: gift.id, pageOf: pageName },
      issuedOn: todayInCountry(gift.country, now),
      payments: [{ receiptNumber, date: givenOn, amountMinor: gift.amount, refundedMinor: refundedSoFar, revision }],
    };
    const attachments = taxReceipt
      ? [{ filename: receiptFilename(pdfFacts), contentType: 'application/pdf', content: (await renderReceiptPdf(pdfFacts, deps.receipt)).toString('base64') }]
      : undefined;
    await deps.mailer.send(
      gift.donor_email,
      'gift-receipt',
      giftRefundMail({
        country: gift.country,
        friendName: gift.donor_name,
        refund: refund.amount,
        giftAmount: gift.amount,
        refundedSoFar,
        charity: gift.recipient_name,
        pageName,
        receiptNumber: `${receiptNumber}-R${revision}`,
        givenOn,
        refundedOn: todayInCountry(gift.country, now),
        taxReceipt,
      }),
      attachments,
    );
  } catch (err) {
    deps.log.error({ err, refundId: refund.id }, 'could not record the gift refund mail');
  }
}

/** GET /api/admin/gifts?q=: gifts by receipt number or page slug, with what was and can still be refunded. */
export async function giftsForAdmin(db: Db, q: string): Promise<AdminGift[]> {
  const rows = await searchGifts(db, q);
  return rows.map((g) => ({
    id: g.id,
    page_slug: g.page_slug,
    campaign_name: g.campaign_name,
    recipient_name: g.recipient_name,
    country: g.country,
    status: g.status,
    amount_minor: g.amount,
    receipt_number: g.receipt_number,
    donor_name: g.donor_name,
    settled_at: g.settled_at ? g.settled_at.toISOString() : null,
    refunded_minor: g.refunded,
    refundable_minor: g.status === 'succeeded' ? Math.max(0, g.refundable) : 0,
  }));
}
