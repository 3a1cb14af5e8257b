import { randomUUID } from 'node:crypto';
import { todayInCountry } from '@uplift/core/calendar';
import { COUNTRIES } from '@uplift/core/countries';
import { asMinor, fromMinor } from '@uplift/core/money';
import { failureText } from '@uplift/core/payment-failures';
import { type GiftCreated, type giftRequestSchema, type GiftStateResponse } from '@uplift/core/schemas/gifts';
import type { BaseLogger } from 'pino';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { ReceiptConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { receiptFilename, renderReceiptPdf } from '../documents/index.ts';
import { unsubscribeLinks, type Mailer } from '../mail/index.ts';
import { type GuestChargeState, markStripeEventProcessed, matchOfGift, type PaymentProvider, settleGiftReceived, stripeEventProcessed, type StripeWebhookJob } from '../payments/index.ts';
import { cardOverLimit, claimGiftConfirm, claimGiftSend, type GiftLimit, recordCardDecline } from './gift-limits.ts';
import { giftErrors } from './gifts.errors.ts';
import { giftReceiptMail, giftReceivedMail } from './gifts.mails.ts';
import * as repo from './gifts.repository.ts';

// Friends' one-off card gifts on a challenge page (docs/decisions/138-challenge-pages-and-gifts.md).
//
// 1. POST /api/pages/{slug}/gifts: the gift row and its idempotency key are written (pending), THEN
//    the provider is asked for an on-session charge with that key; the browser pays it.
// 2. POST /api/gifts/{id}/confirm, Stripe's webhook, and the periodic job each ask where the charge
//    stands and settle the gift by one conditional update: whoever wins sends the mails, once.

export type GiftDeps = {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  mailer: Mailer;
  log: Pick<BaseLogger, 'error' | 'warn' | 'info'>;
  appUrl: string;
  receipt: ReceiptConfig;
  /** The key of the card-testing hashes (giftAttemptKey of SECRETS_KEY, docs/decisions/155). */
  attemptKey: Buffer;
  /** The key of mailed one-click links (config `mailLinks`): the owner's "stop these emails". */
  mailLinks: { key: Uint8Array };
};

type GiftRequest = z.output<typeof giftRequestSchema>;

/** How long a gift may stay open before the job asks the provider about it (the browser had its chance). */
export const OPEN_GIFT_GRACE_MS = 15 * 60_000;
/** A gift the provider never heard of (a crash before the call) fails after this long. */
export const UNKNOWN_GIFT_FAILS_AFTER_MS = 24 * 60 * 60_000;

const AUTHENTICATION_FAILED_WORDS = 'Your bank could not confirm this payment with you, so it did not go through. Please try again or use another card.';

/** What the friend is told about a failed gift. */
export function giftFailureText(code: string | null): string {
  if (code === 'authentication_failed' || code === 'payment_intent_authentication_failure') return AUTHENTICATION_FAILED_WORDS;
  if (code === 'abandoned') return 'This gift was not paid, so nothing was taken from your card.';
  return failureText(code);
}

async function stateOf(db: Db, gift: repo.GiftRow): Promise<GiftStateResponse> {
  // What a sponsor's match added (product-rules §23): the thank-you says so; the receipt is the gift's alone.
  const match = gift.status === 'succeeded' ? await matchOfGift(db, gift.id) : { matched: 0, sponsor: null };
  return {
    gift_id: gift.id,
    status: gift.status,
    receipt_number: gift.receipt_number,
    failure_message: gift.status === 'failed' ? giftFailureText(gift.failure_code) : null,
    matched_minor: match.matched,
    match_sponsor: match.matched > 0 ? match.sponsor : null,
  };
}

/** Makes (or, for a resent form, finds) the gift and its charge; the answer carries what the browser needs to pay. */
export async function createGift(
  deps: GiftDeps,
  input: { slug: string; body: GiftRequest; ip: string; onRefused: (why: GiftLimit) => void },
): Promise<GiftCreated> {
  const { db } = deps;
  const now = deps.clock.now();
  const { body } = input;
  const page = await repo.selectPublicPage(db, input.slug);
  if (!page) throw giftErrors.pageNotFound();
  if (!page.isActive || todayInCountry(page.country, now) > page.endDate) throw giftErrors.campaignClosed();
  // The amount's bounds (GIFT_MIN_MINOR to GIFT_MAX_MINOR) are the request schema's: the route has
  // refused an amount out of them before the page was read (docs/decisions/148).
  if (body.tax_receipt && page.country !== 'NZ') throw giftErrors.taxReceiptNotNz();

  // Every send is counted per address, a resent form too (each asks the provider); a resent form
  // is not a new gift, so only the address's sends hold it back (docs/decisions/155).
  const resent = await repo.selectGiftByClientKey(db, body.client_key);
  const refused = await claimGiftSend(db, deps.attemptKey, { pageId: page.id, ip: input.ip, email: body.email, resent: resent !== undefined }, now);
  if (refused) {
    input.onRefused(refused);
    throw giftErrors.tooMany();
  }
  if (resent) return answerFor(deps, resent, page.id, body.amount);

  const inserted = await repo.insertGift(db, {
    page_id: page.id,
    campaign_id: page.campaignId,
    recipient_id: page.recipientId,
    amount: asMinor(body.amount),
    donor_name: body.name,
    donor_email: body.email,
    message: body.message,
    hide_name: body.hide_name,
    hide_amount: body.hide_amount,
    tax_receipt: body.tax_receipt,
    // The channel of the link the friend came by, as the request schema read it (docs/decisions/164).
    via: body.via,
    idempotency_key: `gift-${randomUUID()}`,
    client_key: body.client_key,
    created_at: now,
  });
  // Two submits racing with one client key: the second inserted nothing and answers as the first.
  const gift = inserted ?? (await repo.selectGiftByClientKey(db, body.client_key))!;
  return answerFor(deps, gift, page.id, body.amount);
}

/**
 * The charge of an open gift: asked of the provider with the gift's idempotency key, so a resend
 * (or a retry after a crash) gets the same charge and client secret, never a second one.
 */
async function answerFor(deps: GiftDeps, gift: repo.GiftRow, pageId: number, amount: number): Promise<GiftCreated> {
  if (gift.page_id !== pageId || gift.amount !== amount) throw giftErrors.clientKeyReused();
  const provider = deps.payments;
  const config = provider.publicConfig;
  const base = { gift_id: gift.id, status: gift.status, provider: config.provider, ...(config.provider === 'stripe' ? { publishable_key: config.publishableKey } : {}) };
  if (gift.status === 'succeeded' || gift.status === 'failed') return base;
  const facts = (await repo.selectGiftMailFacts(deps.db, gift.id))!;
  const charge = await provider.createGuestCharge({
    amountMinor: asMinor(gift.amount),
    currency: COUNTRIES[facts.country].currency,
    idempotencyKey: gift.idempotency_key,
    description: `Gift on ${facts.pageSlug ?? 'a challenge page'} to ${facts.charity}`,
    metadata: { gift_id: String(gift.id) },
  });
  await repo.setGiftReference(deps.db, gift.id, charge.reference);
  return { ...base, client_secret: charge.clientSecret };
}

/** Who asks for a confirmation: their address is counted, and a refusal is logged by the route. */
export type ConfirmCaller = { ip: string; onRefused: (why: GiftLimit) => void };

/**
 * POST /api/gifts/{id}/confirm: asks the provider where the gift's charge stands and settles it
 * (once). A gift takes one card attempt: once it was declined, a confirmation answers 409 and the
 * friend starts again with a new gift (docs/decisions/155).
 */
export async function confirmGift(deps: GiftDeps, giftId: number, clientSecret: string, caller: ConfirmCaller): Promise<GiftStateResponse> {
  const now = deps.clock.now();
  const gift = await repo.selectGift(deps.db, giftId);
  const refused = await claimGiftConfirm(deps.db, deps.attemptKey, { pageId: gift?.page_id ?? 0, ip: caller.ip }, now);
  if (refused) {
    caller.onRefused(refused);
    throw giftErrors.tooMany();
  }
  if (!gift) throw giftErrors.giftNotFound();
  let state: GuestChargeState | null = null;
  let reference = gift.provider_reference;
  if (!reference) {
    state = await deps.payments.findGuestCharge(gift.idempotency_key);
    reference = state?.reference ?? null;
  }
  // The client secret is the browser's authority over its own gift: it belongs to the gift's charge.
  if (!reference || !clientSecret.startsWith(`${reference}_secret_`)) throw giftErrors.giftNotFound();
  if (gift.status === 'failed' && gift.failure_code !== 'abandoned') throw giftErrors.cardDeclinedBefore();
  if (gift.status === 'succeeded' || gift.status === 'failed') return stateOf(deps.db, gift);
  state ??= await deps.payments.retrieveGuestCharge(reference);
  // A card declined too often today is not let through again: its charge is cancelled before it settles.
  const card = state?.cardFingerprint;
  if (state && card && state.status !== 'succeeded' && state.status !== 'declined' && (await cardOverLimit(deps.db, deps.attemptKey, card, now))) {
    await deps.payments.cancelGuestCharge(state.reference);
    await repo.markGiftFailed(deps.db, gift.id, state.reference, 'card_limit', now);
    caller.onRefused('card');
    throw giftErrors.tooMany();
  }
  await applyChargeState(deps, gift, state, caller.ip);
  return stateOf(deps.db, (await repo.selectGift(deps.db, giftId))!);
}

/** Asks the provider about one open gift (by its reference, else by its idempotency key) and settles it. */
export async function settleFromProvider(deps: GiftDeps, gift: repo.GiftRow): Promise<void> {
  const state = gift.provider_reference
    ? await deps.payments.retrieveGuestCharge(gift.provider_reference)
    : await deps.payments.findGuestCharge(gift.idempotency_key);
  if (state === null && deps.clock.now().getTime() - gift.created_at.getTime() > UNKNOWN_GIFT_FAILS_AFTER_MS) {
    // The provider never made this charge (a crash before the call): nothing was taken.
    await repo.markGiftFailed(deps.db, gift.id, null, 'abandoned', deps.clock.now());
    return;
  }
  await applyChargeState(deps, gift, state);
}

/** Moves the gift as the provider's word says: the settlement's deciding step. */
export async function applyChargeState(deps: GiftDeps, gift: repo.GiftRow, state: GuestChargeState | null, ip: string | null = null): Promise<void> {
  if (state === null) return;
  switch (state.status) {
    case 'succeeded':
      await settleSucceeded(deps, gift.id, state.reference);
      return;
    case 'declined':
      await settleDeclined(deps, gift, { reference: state.reference, code: state.code, fingerprint: state.cardFingerprint ?? null, ip });
      return;
    case 'requires_action':
      await repo.setGiftReference(deps.db, gift.id, state.reference);
      await repo.markGiftRequiresAction(deps.db, gift.id);
      return;
    case 'processing':
    case 'awaiting_payment':
      await repo.setGiftReference(deps.db, gift.id, state.reference);
      return;
  }
}

/**
 * A decline, from whichever sees it first (the confirm route, Stripe's event, the job): the charge
 * is cancelled first, so its client secret takes no other card (docs/decisions/155), then the gift
 * fails and the card's decline is counted. A charge that could not be cancelled because another
 * card paid it meanwhile settles as what the provider now says.
 */
async function settleDeclined(deps: GiftDeps, gift: repo.GiftRow, decline: { reference: string; code: string; fingerprint: string | null; ip: string | null }): Promise<void> {
  const cancel = await deps.payments.cancelGuestCharge(decline.reference);
  let fingerprint = decline.fingerprint ?? cancel.cardFingerprint;
  if (!cancel.cancelled) {
    const now = await deps.payments.retrieveGuestCharge(decline.reference);
    if (now && now.status !== 'declined') return applyChargeState(deps, gift, now, decline.ip);
    fingerprint ??= now?.cardFingerprint ?? null;
  }
  const now = deps.clock.now();
  const failed = await repo.markGiftFailed(deps.db, gift.id, decline.reference, decline.code, now);
  if (failed && fingerprint) await recordCardDecline(deps.db, deps.attemptKey, { pageId: gift.page_id ?? 0, ip: decline.ip, fingerprint }, now);
}

/** The success, once: only the settler whose conditional update won numbers the receipt and sends the mails. */
async function settleSucceeded(deps: GiftDeps, giftId: number, reference: string | null): Promise<void> {
  // The ledger numbers the receipt from the one sequence pledge payments use (docs/decisions/150).
  const won = await settleGiftReceived(deps.db, giftId, reference, deps.clock.now());
  if (!won) return;
  try {
    // The gift exists (its id came from its row) and its campaign and charity are foreign keys.
    const facts = (await repo.selectGiftMailFacts(deps.db, giftId))!;
    await sendGiftMails(deps, { ...facts, gift: won });
  } catch (err) {
    deps.log.error({ err, giftId }, 'a gift succeeded but its mails could not be recorded');
  }
}

async function sendGiftMails(deps: GiftDeps, facts: NonNullable<Awaited<ReturnType<typeof repo.selectGiftMailFacts>>>): Promise<void> {
  const { gift, country } = facts;
  const date = todayInCountry(country, gift.settled_at ?? deps.clock.now());
  const pageName = facts.pageName ?? 'a participant';
  const taxReceipt = country === 'NZ' && gift.tax_receipt;
  if (gift.donor_email && gift.donor_name) {
    const attachments = taxReceipt
      ? [
          await (async () => {
            const pdfFacts = {
              donorName: gift.donor_name!,
              donorAddress: '',
              country,
              campaignName: facts.campaignName,
              recipientName: facts.charity,
              pledgeId: 0,
              gift: { id: gift.id, pageOf: pageName },
              issuedOn: date,
              payments: [{ receiptNumber: gift.receipt_number!, date, amountMinor: asMinor(gift.amount) }],
            };
            return { filename: receiptFilename(pdfFacts), contentType: 'application/pdf', content: (await renderReceiptPdf(pdfFacts, deps.receipt)).toString('base64') };
          })(),
        ]
      : undefined;
    await deps.mailer.send(
      gift.donor_email,
      'gift-receipt',
      giftReceiptMail({
        country,
        friendName: gift.donor_name,
        amount: asMinor(gift.amount),
        charity: facts.charity,
        campaignName: facts.campaignName,
        pageName,
        receiptNumber: gift.receipt_number!,
        date,
        taxReceipt,
      }),
      attachments,
    );
  }
  if (facts.giftMails && facts.ownerId && facts.ownerEmail && facts.ownerFirstName && facts.pageSlug) {
    const unsubscribe = await unsubscribeLinks({ key: deps.mailLinks.key, appUrl: deps.appUrl, now: deps.clock.now() }, facts.ownerId, 'gift-received');
    await deps.mailer.send(
      facts.ownerEmail,
      'gift-received',
      giftReceivedMail({
        country,
        ownerFirstName: facts.ownerFirstName,
        friendName: gift.hide_name ? null : gift.donor_name,
        amount: gift.hide_amount ? null : asMinor(gift.amount),
        message: gift.message_moderated_at ? '' : gift.message,
        pageUrl: `${deps.appUrl}/p/${facts.pageSlug}`,
        unsubscribe,
      }),
    );
  }
}

/**
 * Stripe's payment event about a gift (metadata.gift_id): the provider's word settles what the
 * browser did not. A redelivered or already processed event changes nothing.
 */
export async function handleGiftPaymentEvent(deps: GiftDeps, job: StripeWebhookJob): Promise<void> {
  if (await stripeEventProcessed(deps.db, job.eventId)) return;
  const gift = job.giftId == null ? undefined : await repo.selectGift(deps.db, job.giftId);
  if (gift && (gift.provider_reference === null || gift.provider_reference === job.paymentIntentId)) {
    if (job.type === 'payment_intent.succeeded') await settleSucceeded(deps, gift.id, job.paymentIntentId);
    else if (gift.status !== 'failed') {
      await settleDeclined(deps, gift, { reference: job.paymentIntentId, code: job.failureCode ?? 'card_declined', fingerprint: null, ip: null });
    }
  } else {
    deps.log.warn({ eventId: job.eventId, giftId: job.giftId }, 'a Stripe event named a gift that is not ours or has another charge');
  }
  await markStripeEventProcessed(deps.db, job.eventId, deps.clock.now());
}

/**
 * The periodic job: every gift still open after OPEN_GIFT_GRACE_MS (the browser closed, a crash
 * between the provider's call and the ledger's write) is asked about and settled, so none is lost.
 */
export async function settleOpenGifts(deps: GiftDeps, opts: { limit?: number } = {}): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - OPEN_GIFT_GRACE_MS);
  const open = await repo.selectOpenGiftsBefore(deps.db, before, opts.limit ?? 200);
  for (const gift of open) {
    try {
      await settleFromProvider(deps, gift);
    } catch (err) {
      deps.log.error({ err, giftId: gift.id }, 'could not ask the provider about an open gift');
    }
  }
  return open.length;
}

/** The data export: gifts made with this email, and succeeded gifts received on this user's pages (never another friend's email). */
export async function giftsForExport(db: Executor, user: { id: number; email: string }) {
  const made = await repo.selectGiftsMadeBy(db, user.email);
  const received = await repo.selectGiftsReceivedBy(db, user.id);
  return {
    // What was given and what went back of it, as the corrected receipt says (docs/decisions/150).
    made: made.map((g) => ({ ...g, amount: fromMinor(g.amount), refunded: fromMinor(asMinor(Number(g.refunded))), created_at: g.created_at.toISOString() })),
    received: received.map((g) => ({
      id: g.id,
      page_slug: g.page_slug,
      country: g.country,
      name: g.hide_name ? null : g.donor_name,
      amount: g.hide_amount ? null : fromMinor(g.amount),
      refunded: g.hide_amount ? null : fromMinor(asMinor(Number(g.refunded))),
      message: g.message,
      created_at: g.created_at.toISOString(),
    })),
  };
}

/** Retention: gifts older than `before` keep their amounts; the friend's name, email and message go. */
export async function anonymiseLapsedGifts(db: Executor, before: Date, now: Date): Promise<number> {
  return repo.anonymiseGiftsBefore(db, before, now);
}

/** Erasure: the gifts this email made keep their amounts; the friend's name, email and message go. */
export async function eraseGiftsMadeBy(db: Executor, email: string, now: Date): Promise<number> {
  return repo.anonymiseGiftsMadeBy(db, email, now);
}
