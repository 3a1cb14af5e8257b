import { UNSUBSCRIBE_WORDS, type MailPreference, type UnsubscribeKind } from '@uplift/core/mail-kinds';
import { verifyMailLink } from '@uplift/core/mail-link-token';
import type { UnsubscribeInfo } from '@uplift/core/schemas/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockUser, setOptIns } from '../auth/index.ts';
import { giftMailsOn, stopGiftMails } from '../challenge-pages/index.ts';
import { CONSENT_WORDING_VERSION, mailPreferencesOf, recordConsentEvents } from '../consents/index.ts';
import { accountErrors } from './account.errors.ts';

// The mails a donor can stop (core mail-kinds.ts, docs/decisions/136): from /account, signed in,
// or from a mailed one-click link, signed out. Either way it takes effect at once and each change
// is one consent event; the two news opt-ins also keep the users row's flags in step.

export type MailPreferenceDeps = { db: Db; clock: Clock; log: Pick<FastifyBaseLogger, 'info'>; config: Pick<Config, 'mailLinks'> };

/**
 * Switches one optional mail on or off for a donor. Nothing is recorded when it already is so.
 * Answers whether it changed; an erased or unknown account changes nothing.
 */
export async function setMailPreference(
  deps: Pick<MailPreferenceDeps, 'db' | 'clock' | 'log'>,
  userId: number,
  kind: MailPreference,
  given: boolean,
  source: 'account' | 'unsubscribe-link',
): Promise<{ changed: boolean; found: boolean }> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user || user.erased_at) return { changed: false, found: false };
    // The news opt-ins are also flags of the users row (what registration and the charity export read).
    const current =
      kind === 'uplift_news' ? user.opt_in_uplift_comms : kind === 'charity_news' ? user.opt_in_charity_comms : (await mailPreferencesOf(tx, userId))[kind];
    if (current === given) return { changed: false, found: true };
    if (kind === 'uplift_news') await setOptIns(tx, userId, { opt_in_uplift_comms: given, opt_in_uplift_comms_at: given ? now : null }, now);
    if (kind === 'charity_news') await setOptIns(tx, userId, { opt_in_charity_comms: given, opt_in_charity_comms_at: given ? now : null }, now);
    await recordConsentEvents(tx, [
      { user_id: userId, consent: kind, given: given ? 'given' : 'withdrawn', wording_version: CONSENT_WORDING_VERSION, source, created_at: now },
    ]);
    return { changed: true, found: true };
  });
  if (result.changed) deps.log.info({ userId, kind, given, source }, 'mail preference changed');
  return result;
}

/** The link's claims, or the clear answer for a link that is not ours, was changed, or has expired. */
async function checkLink(deps: Pick<MailPreferenceDeps, 'clock' | 'config'>, token: string) {
  const check = await verifyMailLink(deps.config.mailLinks.key, token, { purpose: 'unsubscribe', now: deps.clock.now() });
  if (!check.ok) throw check.reason === 'expired' ? accountErrors.unsubscribeLinkExpired() : accountErrors.unsubscribeLinkInvalid();
  return check;
}

/** What the unsubscribe page says of a link's kind, and whether it is stopped. */
function infoOf(kind: UnsubscribeKind, stopped: boolean): UnsubscribeInfo {
  return { kind, label: UNSUBSCRIBE_WORDS[kind].label, stops: UNSUBSCRIBE_WORDS[kind].stops, stopped };
}

/** GET /api/unsubscribe: what the link would stop, and whether it is stopped already. Changes nothing. */
export async function describeUnsubscribe(deps: MailPreferenceDeps, token: string): Promise<UnsubscribeInfo> {
  const { userId, kind } = await checkLink(deps, token);
  // The gift notices are a switch of the donor's challenge pages (docs/decisions/157), not a consent.
  if (kind === 'gift-received') return infoOf(kind, !(await giftMailsOn(deps.db, userId)));
  const prefs = await mailPreferencesOf(deps.db, userId);
  return infoOf(kind, !prefs[kind]);
}

/**
 * POST /api/unsubscribe (the page's button, and a mail client's RFC 8058 one-click POST): stops the
 * link's one kind of mail for its one donor, at once. Used twice, it changes nothing the second time.
 */
export async function unsubscribe(deps: MailPreferenceDeps, token: string): Promise<UnsubscribeInfo> {
  const { userId, kind } = await checkLink(deps, token);
  if (kind === 'gift-received') {
    if (await stopGiftMails(deps.db, userId, deps.clock.now())) deps.log.info({ userId, kind, given: false, source: 'unsubscribe-link' }, 'mail preference changed');
  } else {
    await setMailPreference(deps, userId, kind, false, 'unsubscribe-link');
  }
  return infoOf(kind, true);
}
