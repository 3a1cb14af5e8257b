// Every route of product-rules §2, written once: the router, every link and every navigate read them here,
// so a renamed path is one edit. The odd spellings (/viewPledge, /SubmitPage) are product-rules §2's.

/** The pledge wizard's steps are numbered from 0 in its URL (?step=n); the last one is the payment. */
export const PAYMENT_STEP = 4;

export const paths = {
  home: '/',
  about: '/about',
  privacyPolicy: '/privacy-policy',
  challenge: '/challenge',
  submitPage: '/SubmitPage',
  login: '/login',
  /** An admin's second sign-in step: set up the authenticator, or type its code. */
  twoFactor: '/two-factor',
  activate: '/activate',
  passwordRecovery: '/password-recovery',
  resetPassword: '/reset-password',
  summary: '/summary',
  /** The donor's own account area (decision 083): details, consents, receipts, data, deletion. */
  account: '/account',
  viewPledge: '/viewPledge',
  /** A mailed one-click unsubscribe link (?token=…): what stops, and the button (decision 136). */
  unsubscribe: '/unsubscribe',
  admin: '/admin',
  adminCampaign: '/admin-campaign',
  userList: '/user-list',
  adminCharities: '/admin-charities',
  adminChallenges: '/admin-challenges',
  adminCampaignReport: '/admin-campaign/:id/report',
  /** A campaign's match funds (docs/decisions/162): list, add, edit, pause, resume, end. */
  adminCampaignMatches: '/admin-campaign/:id/matches',
  /** Operators' view (docs/decisions/133): billing runs, job queue, mail, backups, database, version. */
  adminSystem: '/admin-system',
  // Friends give too (docs/decisions/142): a participant's page, a team, and the page's editor.
  challengePage: '/p/:slug',
  teamPage: '/t/:slug',
  myPage: '/my-page',
  /** Reports of pages, teams and friends' messages, with Hide / Dismiss (docs/decisions/141-moderation.md). */
  adminReports: '/admin-reports',
  /** The landing's testimonials, each with the person's consent (docs/decisions/167-honest-social-proof.md). */
  adminTestimonials: '/admin-testimonials',
  /** The campaign's top pages and teams, ?country=NZ|UK (docs/decisions/140-leaderboards.md). */
  leaderboard: '/leaderboard',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * What the landing page hands the wizard when the visitor joins (router state, so the Join link's
 * href stays '/challenge'): its country, and the challenge picked in its switcher, if any
 * (docs/decisions/124). The wizard opens with them chosen.
 */
export type JoinChoice = { country: 'NZ' | 'UK'; challengeId: number | null };

/** The wizard at step `step` (0 to PAYMENT_STEP). */
export function challengeStep(step: number): string {
  return `${paths.challenge}?step=${step}`;
}

/** A section of /account, for the privacy policy's links to where each right is exercised. */
export type AccountSection = 'details' | 'consents' | 'receipts' | 'data' | 'delete';
export function accountSection(section: AccountSection): string {
  return `${paths.account}#${section}`;
}

/** The report of campaign `id` (paths.adminCampaignReport filled in). */
export function campaignReportPath(id: number): string {
  return paths.adminCampaignReport.replace(':id', String(id));
}

/** The match funds of campaign `id` (paths.adminCampaignMatches filled in). */
export function campaignMatchesPath(id: number): string {
  return paths.adminCampaignMatches.replace(':id', String(id));
}


/** /my-page opened from the moment of thanks: a page filled in from the pledge, published in one step (docs/decisions/167). */
export const MY_PAGE_FROM_THANKS = `${paths.myPage}?start=thanks`;
