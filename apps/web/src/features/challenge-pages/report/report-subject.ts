import type { ReportSubject } from '@uplift/core/schemas/moderation';

/** What the page and team screens mount beside what can be reported (docs/decisions/141-moderation.md). */
export type ReportButtonProps = {
  subject: ReportSubject;
  /** The page's or team's slug (subject page or team). */
  slug?: string;
  /** The gift whose message is reported (subject message). */
  giftId?: number;
  /** The owner's update that is reported (subject update, docs/decisions/173). */
  updateId?: number;
};

export const WHAT: Record<ReportSubject, string> = { page: 'this page', team: 'this team', message: 'this message', update: 'this update' };

