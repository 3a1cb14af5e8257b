import { todayInCountry } from '@uplift/core/calendar';
import { asMinor } from '@uplift/core/money';
import type { Minor } from '@uplift/core/money';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { calendarFilename, type ReceiptFacts, receiptFilename, renderCalendar, renderReceiptPdf } from '../documents/index.ts';
import type { AttachmentToDraw, DrawAttachment } from '../mail/index.ts';
import * as repo from './pledges.repository.ts';

// The documents drawn from a pledge: its PDF receipt (docs/decisions/080) and the .ics of its
// remaining payments. The drawing itself is the documents module's; the facts are read here.

/** Receipt facts of one pledge of the donor; undefined when it is not theirs or nothing was paid. */
export async function receiptFactsFor(db: Executor, userId: number, pledgeId: number, now: Date): Promise<ReceiptFacts | undefined> {
  const pledge = await repo.findPledgeDocumentFacts(db, userId, pledgeId);
  if (!pledge) return undefined;
  const paid = (await repo.paymentsOfPledge(db, pledgeId)).filter((p) => p.payment_status === 'Success' && p.receipt_number);
  if (paid.length === 0) return undefined;
  return {
    donorName: `${pledge.first_name} ${pledge.last_name}`,
    donorAddress: pledge.user_address,
    country: pledge.country,
    campaignName: pledge.campaign_name,
    recipientName: pledge.recipient_name,
    pledgeId,
    issuedOn: todayInCountry(pledge.country, now),
    payments: paid.map((p) => ({
      receiptNumber: p.receipt_number!,
      date: p.processing_date,
      amountMinor: p.amount,
      feeCoverMinor: p.fee_cover,
      refundedMinor: asMinor(Number(p.refunded)),
      revision: Number(p.revision),
    })),
  };
}

/**
 * Draws what a mail describes: the mail job calls it when it sends the final payment's receipt
 * mail, so the PDF is drawn there, never in the billing run (docs/decisions/128). The receipt is
 * dated when it was issued (the payment's settlement), not when the mail goes.
 */
export function mailAttachmentDrawer(receipt: Config['receipt']): DrawAttachment {
  return async (what, db) => (what.draw === 'pledge-receipt' ? receiptAttachment(db, what.pledgeId, receipt, new Date(what.issuedAt)) : undefined);
}

/** The final receipt mail's attachment, as a description the mail job draws when it sends. */
export function receiptToDraw(pledgeId: number, paymentId: number, issuedAt: Date): AttachmentToDraw {
  return { draw: 'pledge-receipt', pledgeId, paymentId, issuedAt: issuedAt.toISOString() };
}

/** The PDF receipt of a pledge, as a mail attachment (drawn by the mail job for the final receipt mail). */
export async function receiptAttachment(db: Executor, pledgeId: number, receipt: Config['receipt'], now: Date) {
  const userId = await repo.ownerOfPledge(db, pledgeId);
  const facts = userId === undefined ? undefined : await receiptFactsFor(db, userId, pledgeId, now);
  if (!facts) return undefined;
  const pdf = await renderReceiptPdf(facts, receipt);
  return { filename: receiptFilename(facts), contentType: 'application/pdf', content: pdf.toString('base64') };
}

/** The .ics of a pledge's remaining payments, as a mail attachment (the pledge-confirmed mail). */
export async function calendarAttachment(db: Executor, userId: number, pledgeId: number, appUrl: string, now: Date) {
  const ics = await calendarFor(db, userId, pledgeId, appUrl, now);
  return ics ? { filename: ics.filename, contentType: 'text/calendar', content: Buffer.from(ics.body).toString('base64') } : undefined;
}

export async function calendarFor(db: Executor, userId: number, pledgeId: number, appUrl: string, now: Date) {
  const pledge = await repo.findPledgeDocumentFacts(db, userId, pledgeId);
  if (!pledge) return undefined;
  const all = await repo.paymentsOfPledge(db, pledgeId);
  const today = todayInCountry(pledge.country, now);
  const remaining = all
    .map((p, i) => ({ ...p, number: i + 1 }))
    .filter((p) => p.payment_status === 'Pending' && p.processing_date >= today)
    .map((p) => ({ id: p.id, date: p.processing_date, amountMinor: (p.amount + p.fee_cover) as Minor, number: p.number, count: all.length }));
  const body = renderCalendar(
    { country: pledge.country, recipientName: pledge.recipient_name, host: new URL(appUrl).hostname, payments: remaining },
    now,
  );
  return { filename: calendarFilename(pledgeId), contentType: 'text/calendar; charset=utf-8', body };
}

/** One of the donor's pledges, or undefined when it is not theirs. */
export const findPledge = repo.findPledgeDocumentFacts;

/** Who a pledge belongs to (undefined: no such pledge), to tell a refused look at another's pledge (docs/security.md). */
export const ownerOfPledge = repo.ownerOfPledge;

/** The challenge and charity figures of a pledge's progress (the weekly receipt's progress part, docs/decisions/137). */
export const pledgeProgressFacts = repo.findPledgeProgressFacts;

/** How many of a pledge's payments have been received (its milestones, docs/decisions/137). */
export const paidPaymentCount = repo.countPaidPayments;
