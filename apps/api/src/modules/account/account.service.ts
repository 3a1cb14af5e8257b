import { randomBytes } from 'node:crypto';
import { type Account, CONSENT_KINDS, type ConsentKind, type ConsentsUpdate, type DataExport, type EmailChangeRequest, type PasswordChange, type ProfileUpdate } from '@uplift/core/schemas/account';
import { asMinor, fromMinor } from '@uplift/core/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { refusedForeignRecord } from '../../errors.ts';
import type { TokenSubject } from '../../plugins/auth.ts';
import { csvDocument, csvText, decimalText, receiptFilename, renderReceiptPdf, revisedReceiptNumber } from '../documents/index.ts';
import { anonymiseUser, clearAttempts, deleteAllPasskeys, deleteAuthTokens, findUserByEmail, findUserById, hashPassword, hashToken, insertRefreshToken, listPasskeys, lockUser, mailAuthChange, newToken, REFRESH_TTL_MS, refuseWeakPassword, revokeAllRefreshTokens, revokeOtherRefreshFamilies, secondFactorState, setEmail, setOptIns, setPasswordHash, updateProfile, type UserRow, verifyPassword } from '../auth/index.ts';
import { erasePagesOf, exportPagesOf } from '../challenge-pages/index.ts';
import { eraseGiftsMadeBy, giftsForExport } from '../gifts/index.ts';
import { listMailsTo, scrubMails, type Mailer } from '../mail/index.ts';
import { deleteSavedCards, forgetCardReferences, paymentsOfDonor, type PaymentProvider } from '../payments/index.ts';
import { calendarFor, cancelRemainingForErasure, findPledge, ownerOfPledge, receiptFactsFor } from '../pledges/index.ts';
import { accountErrors } from './account.errors.ts';
import { accountErasedMail, emailChangedMail, emailChangeMail } from './account.mails.ts';
import * as repo from './account.repository.ts';
import { CONSENT_WORDING_VERSION, listConsentEvents, mailPreferencesOf, recordConsentEvents } from '../consents/index.ts';

export type AccountDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  payments: PaymentProvider;
  config: Pick<Config, 'appUrl' | 'receipt'>;
  log: FastifyBaseLogger;
  signAccessToken: (user: TokenSubject) => Promise<string>;
};

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

type File = { filename: string; contentType: string; body: Buffer | string };

/** The signed-in donor's account, while it exists (an erased one ends the session). */
async function liveUser(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user || user.erased_at) throw accountErrors.sessionEnded();
  return user;
}

async function checkPassword(password: string, hash: string) {
  if (!(await verifyPassword(password, hash))) throw accountErrors.wrongPassword();
}

async function consentsOf(db: Db, userId: number, user: UserRow): Promise<Account['consents']> {
  const events = await listConsentEvents(db, userId);
  const prefs = await mailPreferencesOf(db, userId);
  const current: Record<ConsentKind, boolean> = {
    ...prefs,
    terms: user.terms_accepted_at !== null,
    uplift_news: user.opt_in_uplift_comms,
    charity_news: user.opt_in_charity_comms,
  };
  return CONSENT_KINDS.map((consent) => {
    const last = events.filter((e) => e.consent === consent).at(-1);
    return {
      consent,
      given: current[consent],
      changed_at: last ? last.created_at.toISOString() : null,
      wording_version: last?.wording_version ?? null,
    };
  });
}

export async function getAccount(deps: Pick<AccountDeps, 'db' | 'clock'>, userId: number): Promise<Account> {
  const { db } = deps;
  const user = await liveUser(db, userId);
  const pledgeRows = await repo.listPledges(db, userId);
  // Every payment with what went back of it: the ledger's published read (docs/decisions/146).
  const paymentRows = await paymentsOfDonor(db, userId);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    user_address: user.user_address,
    country: user.country,
    consents: await consentsOf(db, userId, user),
    pending_email: await repo.pendingEmailChange(db, userId, deps.clock.now()),
    pledges: pledgeRows.map((p) => ({
      id: p.id,
      campaign_name: p.campaign_name,
      country: p.country,
      recipient_name: p.recipient_name,
      pledge_status: p.pledge_status,
      receipts: paymentRows
        .filter((pay) => pay.pledge_id === p.id && pay.payment_status === 'Success' && pay.receipt_number)
        // A refunded payment's receipt is the corrected one: its number with the revision mark, net (docs/decisions/132-refunds.md).
        .map((pay) => ({
          receipt_number: revisedReceiptNumber({ receiptNumber: pay.receipt_number!, revision: pay.revision }),
          processing_date: pay.processing_date,
          // What was charged, fee cover included, as the PDF receipt counts it (docs/decisions/144),
          // less what went back (docs/decisions/146).
          amount_minor: asMinor(pay.amount + pay.fee_cover - pay.refunded),
        })),
    })),
  };
}

export async function correctProfile(deps: Pick<AccountDeps, 'db' | 'clock' | 'log'>, userId: number, input: ProfileUpdate): Promise<void> {
  await liveUser(deps.db, userId);
  await updateProfile(deps.db, userId, input, deps.clock.now());
  deps.log.info({ userId }, 'account details corrected');
}

export async function requestEmailChange(deps: Pick<AccountDeps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>, userId: number, input: EmailChangeRequest): Promise<void> {
  const { db, clock, mailer, config, log } = deps;
  const user = await liveUser(db, userId);
  await checkPassword(input.password, user.password_hash);
  if (await findUserByEmail(db, input.new_email)) throw accountErrors.emailTaken();
  const token = newToken();
  const now = clock.now();
  await repo.insertEmailChange(db, {
    user_id: userId,
    new_email: input.new_email,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    created_at: now,
  });
  await mailer.send(input.new_email, 'email-change', emailChangeMail({ firstName: user.first_name, country: user.country, token, appUrl: config.appUrl }));
  log.info({ userId }, 'email change requested: link mailed to the new address');
}

/**
 * Uses the link's token: the email changes, every other sign-in of the account ends (the one that
 * confirms, when it is the account's own, goes on) and the old address is told (docs/decisions/123).
 */
export async function confirmEmailChange(
  deps: Pick<AccountDeps, 'db' | 'clock' | 'log' | 'mailer'>,
  token: string,
  caller?: { userId: number; session: string | undefined },
): Promise<number> {
  const now = deps.clock.now();
  let changed: { user: UserRow; session: string | undefined } | undefined;
  try {
    changed = await deps.db.transaction(async (tx) => {
      const change = await repo.consumeEmailChange(tx, hashToken(token), now);
      if (!change) return undefined;
      const user = await lockUser(tx, change.user_id);
      if (!user || user.erased_at) return undefined;
      await setEmail(tx, change.user_id, change.new_email, now);
      const keep = caller?.userId === change.user_id ? caller.session : undefined;
      await revokeOtherRefreshFamilies(tx, change.user_id, keep, now);
      return { user, session: keep };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) throw accountErrors.emailTaken();
    throw err;
  }
  if (!changed) throw accountErrors.invalidToken();
  const { user } = changed;
  await deps.mailer.send(user.email, 'email-changed', emailChangedMail({ firstName: user.first_name, country: user.country }));
  deps.log.info({ userId: user.id, keptSession: changed.session !== undefined }, 'email address changed; other sessions ended; old address told');
  return user.id;
}

/**
 * Sets a new password; every session ends and this one starts afresh (returned). The account is
 * mailed, naming the passkeys that can still sign in: they stay (the owner typed the current
 * password; a reset by mail removes them), docs/decisions/151.
 */
export async function changePassword(
  deps: Pick<AccountDeps, 'db' | 'clock' | 'log' | 'signAccessToken' | 'mailer' | 'config'>,
  userId: number,
  input: PasswordChange,
): Promise<{ accessToken: string; refreshToken: string; family: string }> {
  const { db, clock, log } = deps;
  refuseWeakPassword('new_password', input.new_password);
  const user = await liveUser(db, userId);
  await checkPassword(input.current_password, user.password_hash);
  const passwordHash = await hashPassword(input.new_password);
  const now = clock.now();
  const refreshToken = newToken();
  const session = crypto.randomUUID();
  const sessionVersion = await db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash, now);
    const version = await revokeAllRefreshTokens(tx, userId, now);
    await insertRefreshToken(tx, {
      user_id: userId,
      family_id: session,
      token_hash: hashToken(refreshToken),
      expires_at: new Date(now.getTime() + REFRESH_TTL_MS),
      created_at: now,
      // A new password is a new sign-in: an admin passes the second factor again.
      second_factor: false,
    });
    return version;
  });
  const passkeys = await listPasskeys({ db }, userId);
  await mailAuthChange(deps, user, { kind: 'password-changed', passkeys: passkeys.map((p) => p.name) });
  log.info({ userId }, 'password changed; other sessions ended; the account mailed');
  return { accessToken: await deps.signAccessToken({ ...user, secondFactor: secondFactorState(user, false), sessionVersion, session }), refreshToken, family: session };
}

export async function updateConsents(deps: Pick<AccountDeps, 'db' | 'clock' | 'log'>, userId: number, input: ConsentsUpdate): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user || user.erased_at) throw accountErrors.sessionEnded();
    const changes: { consent: ConsentKind; given: boolean }[] = [];
    if (user.opt_in_uplift_comms !== input.opt_in_uplift_comms) changes.push({ consent: 'uplift_news', given: input.opt_in_uplift_comms });
    if (user.opt_in_charity_comms !== input.opt_in_charity_comms) changes.push({ consent: 'charity_news', given: input.opt_in_charity_comms });
    if (changes.length === 0) return;
    await setOptIns(
      tx,
      userId,
      {
        opt_in_uplift_comms: input.opt_in_uplift_comms,
        opt_in_uplift_comms_at: input.opt_in_uplift_comms ? (user.opt_in_uplift_comms ? user.opt_in_uplift_comms_at : now) : null,
        opt_in_charity_comms: input.opt_in_charity_comms,
        opt_in_charity_comms_at: input.opt_in_charity_comms ? (user.opt_in_charity_comms ? user.opt_in_charity_comms_at : now) : null,
      },
      now,
    );
    await recordConsentEvents(
      tx,
      changes.map((c) => ({
        user_id: userId,
        consent: c.consent,
        given: c.given ? ('given' as const) : ('withdrawn' as const),
        wording_version: CONSENT_WORDING_VERSION,
        source: 'account',
        created_at: now,
      })),
    );
  });
  deps.log.info({ userId }, 'consents updated');
}

/** "Pledge not found" for a pledge that is not the donor's; another donor's is a security event too (docs/security.md). */
async function pledgeRefusal(db: AccountDeps['db'], pledgeId: number) {
  return (await ownerOfPledge(db, pledgeId)) === undefined ? accountErrors.pledgeNotFound() : refusedForeignRecord(accountErrors.pledgeNotFound());
}

export async function pledgeReceipt(deps: Pick<AccountDeps, 'db' | 'clock' | 'config'>, userId: number, pledgeId: number): Promise<File> {
  const { db } = deps;
  await liveUser(db, userId);
  if (!(await findPledge(db, userId, pledgeId))) throw await pledgeRefusal(db, pledgeId);
  const facts = await receiptFactsFor(db, userId, pledgeId, deps.clock.now());
  if (!facts) throw accountErrors.noReceipts();
  return { filename: receiptFilename(facts), contentType: 'application/pdf', body: await renderReceiptPdf(facts, deps.config.receipt) };
}

export async function pledgeCalendar(deps: Pick<AccountDeps, 'db' | 'clock' | 'config'>, userId: number, pledgeId: number): Promise<File> {
  await liveUser(deps.db, userId);
  const ics = await calendarFor(deps.db, userId, pledgeId, deps.config.appUrl, deps.clock.now());
  if (!ics) throw await pledgeRefusal(deps.db, pledgeId);
  return ics;
}

export async function exportAccountData(deps: Pick<AccountDeps, 'db' | 'clock'>, userId: number): Promise<DataExport> {
  const { db } = deps;
  const user = await liveUser(db, userId);
  const [pledgeRows, paymentRows, events, cards, sent, passkeys, pages] = await Promise.all([
    repo.listPledges(db, userId),
    paymentsOfDonor(db, userId),
    listConsentEvents(db, userId),
    repo.listSavedCards(db, userId),
    listMailsTo(db, user.email),
    listPasskeys({ db }, userId),
    exportPagesOf(db, userId),
  ]);
  const gifts = await giftsForExport(db, { id: user.id, email: user.email });
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    exported_at: deps.clock.now().toISOString(),
    profile: {
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      user_address: user.user_address,
      country: user.country,
      activated: user.activated,
      activated_at: iso(user.activated_at),
      opt_in_uplift_comms: user.opt_in_uplift_comms,
      opt_in_charity_comms: user.opt_in_charity_comms,
      terms_accepted_at: iso(user.terms_accepted_at),
      terms_version: user.terms_version,
      created_at: iso(user.created_at),
    },
    consent_events: events.map((e) => ({ ...e, created_at: e.created_at.toISOString() })),
    pledges: pledgeRows.map((p) => ({ ...p, created_at: p.created_at.toISOString() })),
    // `amount` is the weekly gift, `fee_cover` the card fee the donor covered on top, `charged` the
    // two together (what the card was charged and every receipt names), `refunded` what went back
    // of it (product-rules §19).
    payments: paymentRows.map(({ revision: _revision, ...p }) => ({
      ...p,
      amount: fromMinor(p.amount),
      fee_cover: fromMinor(p.fee_cover),
      charged: fromMinor(asMinor(p.amount + p.fee_cover)),
      refunded: fromMinor(p.refunded),
      attempted_at: iso(p.attempted_at),
      settled_at: iso(p.settled_at),
    })),
    saved_cards: cards.map(({ brand, last4, exp_month, exp_year }) => ({ brand, last4, exp_month, exp_year })),
    mails: sent.map((m) => ({ subject: m.subject, created_at: m.created_at.toISOString() })),
    passkeys,
    challenge_pages: pages,
    gifts,
  };
}

export async function exportPaymentsCsv(deps: Pick<AccountDeps, 'db'>, userId: number): Promise<File> {
  await liveUser(deps.db, userId);
  const rows = await paymentsOfDonor(deps.db, userId);
  const csv = csvDocument(
    // The columns of the JSON export's payments; new columns go at the end, so a sheet built on the old ones still reads.
    ['pledge_id', 'payment_id', 'processing_date', 'amount', 'payment_status', 'receipt_number', 'attempts', 'failure_reason', 'fee_cover', 'charged', 'refunded'],
    rows.map((p) =>
      [
        String(p.pledge_id),
        String(p.id),
        p.processing_date,
        decimalText(p.amount),
        p.payment_status,
        p.receipt_number ?? '',
        String(p.attempts),
        p.failure_reason ?? '',
        decimalText(p.fee_cover),
        decimalText(asMinor(p.amount + p.fee_cover)),
        decimalText(p.refunded),
      ].map(csvText),
    ),
  );
  return { filename: 'uplift-my-payments.csv', contentType: 'text/csv; charset=utf-8', body: csv };
}

/**
 * Erases the account (docs/decisions/082): remaining payments cancelled, saved cards detached
 * at the provider and deleted, sessions and tokens revoked, queued mails dropped, challenge pages
 * and their photos deleted, the person anonymised. Pledges, payments and receipt numbers stay, without identity.
 */
export async function eraseAccount(deps: Pick<AccountDeps, 'db' | 'clock' | 'mailer' | 'payments' | 'log'>, userId: number, password: string): Promise<void> {
  const { db, clock, mailer, log } = deps;
  const user = await liveUser(db, userId);
  await checkPassword(password, user.password_hash);
  const now = clock.now();
  const cards = await repo.listSavedCards(db, userId);
  // At the provider first: if that fails nothing is erased and the donor can try again.
  for (const card of cards) await deps.payments.detachPaymentMethod(card.stripe_payment_method_id);
  const tombstone = `erased-${userId}-${randomBytes(8).toString('hex')}@erased.invalid`;
  const cancelled = await db.transaction(async (tx) => {
    const locked = await lockUser(tx, userId);
    if (!locked || locked.erased_at) throw accountErrors.sessionEnded();
    const n = await cancelRemainingForErasure(tx, userId, now);
    await forgetCardReferences(tx, userId);
    await deleteSavedCards(tx, userId);
    await revokeAllRefreshTokens(tx, userId, now);
    await deleteAuthTokens(tx, userId);
    await deleteAllPasskeys(tx, userId);
    await repo.deleteEmailChanges(tx, userId);
    // The challenge page and its photo go; gifts on it stay in the ledger without it (docs/decisions/142).
    await erasePagesOf(tx, userId, now);
    await recordConsentEvents(
      tx,
      (['uplift_news', 'charity_news'] as const)
        .filter((c) => (c === 'uplift_news' ? locked.opt_in_uplift_comms : locked.opt_in_charity_comms))
        .map((consent) => ({ user_id: userId, consent, given: 'withdrawn' as const, wording_version: CONSENT_WORDING_VERSION, source: 'erasure', created_at: now })),
    );
    // Gifts made with this address keep their amounts; the friend's name, email and message go.
    await eraseGiftsMadeBy(tx, user.email, now);
    await anonymiseUser(tx, userId, tombstone, now);
    return n;
  });
  // The confirmation goes to the address before it is erased from the mail log too.
  const mailId = await mailer.send(user.email, 'account-erased', accountErasedMail({ firstName: user.first_name, country: user.country, cancelledPayments: cancelled }));
  await scrubMails(db, user.email, tombstone, mailId);
  await clearAttempts(db, ['login', 'register', 'forgot'], { email: user.email });
  log.info({ userId, cancelledPayments: cancelled }, 'account erased');
}

// Retention (docs/decisions/128-receipts-off-the-charge-path-and-retention.md)

/** The daily retention job's deletion of used and expired email-change links. */
export const purgeEmailChanges = repo.purgeEmailChanges;

/**
 * Donation records past their period (`cutoff`: seven years before now): the lapsed donor's
 * account is anonymised as an erasure anonymises it (name, email, address, password and the
 * provider's customer gone, sessions ended, links deleted, mails to the address emptied, challenge
 * pages deleted), while
 * their pledges and payments stay with their amounts, dates and receipt numbers. Each donor is
 * checked again under the account's lock, so a pledge made meanwhile keeps the account. Answers
 * how many were anonymised; a run takes up to `batch` of them (the next day's run goes on).
 */
export async function anonymiseLapsedDonors(deps: { db: Db; clock: Clock; log: Pick<FastifyBaseLogger, 'info'> }, cutoff: Date, batch = 500): Promise<number> {
  const { db, clock } = deps;
  let done = 0;
  for (const userId of await repo.lapsedDonors(db, cutoff, { limit: batch })) {
    const tombstone = `erased-${userId}-${randomBytes(8).toString('hex')}@erased.invalid`;
    const email = await db.transaction(async (tx) => {
      const locked = await lockUser(tx, userId);
      if (!locked || locked.erased_at) return undefined;
      if ((await repo.lapsedDonors(tx, cutoff, { userId })).length === 0) return undefined;
      const now = clock.now();
      await revokeAllRefreshTokens(tx, userId, now);
      await deleteAuthTokens(tx, userId);
      await repo.deleteEmailChanges(tx, userId);
      // A challenge page names its participant: it goes too (docs/decisions/142).
      await erasePagesOf(tx, userId, now);
      // Gifts made with the address keep their amounts, without the friend's name, email or message (docs/decisions/138).
      await eraseGiftsMadeBy(tx, locked.email, now);
      await anonymiseUser(tx, userId, tombstone, now);
      return locked.email;
    });
    if (email === undefined) continue;
    await scrubMails(db, email, tombstone, undefined);
    done += 1;
  }
  if (done > 0) deps.log.info({ anonymised: done }, 'retention: donors whose records passed their period anonymised');
  return done;
}
