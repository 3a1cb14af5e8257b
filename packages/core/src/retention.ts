// How long Uplift keeps what it holds about people (docs/decisions/128-receipts-off-the-charge-path-and-retention.md,
// docs/product-rules.md §18). One list: the API's daily retention job deletes and anonymises by
// it, and the privacy policy page states it, so the two cannot disagree.

export const RETENTION = {
  /** A delivered mail (address, text, links) is deleted this many days after it was recorded. */
  sentMailDays: 90,
  /** A mail that could not be delivered is kept this long for support, then deleted. */
  failedMailDays: 30,
  /**
   * Activation, password-reset and email-change links and sign-in (refresh) tokens are deleted this
   * many days after they were used, expired or were revoked.
   */
  tokenGraceDays: 30,
  /** Rate-limit records (attempts per account, counters per address) are deleted a day after they were made. */
  rateLimitHours: 24,
  /**
   * Donation records are kept this many years after a donor's last payment (New Zealand's Inland
   * Revenue asks for 7 years; the UK's HMRC for 6 years after the end of the tax year, which 7
   * covers): then the donor's name, email and address are removed and only the amounts, dates and
   * receipt numbers remain.
   */
  donationRecordYears: 7,
  /**
   * The record of each alert mail sent to the admins (which cause, when; no personal data) is kept
   * this many days: long enough to read back a quarter's incidents, and the table stays small.
   */
  alertRecordDays: 90,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `days` before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The same calendar moment `years` before `now` (UTC), for the donation records' period. */
export function yearsBefore(now: Date, years: number): Date {
  const then = new Date(now.getTime());
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return then;
}

/** The periods in the words the privacy policy uses. */
export const RETENTION_TEXT = {
  sentMail: `${RETENTION.sentMailDays} days`,
  failedMail: `${RETENTION.failedMailDays} days`,
  tokens: `${RETENTION.tokenGraceDays} days`,
  rateLimits: `${RETENTION.rateLimitHours} hours`,
  donationRecords: `${RETENTION.donationRecordYears} years`,
} as const;
