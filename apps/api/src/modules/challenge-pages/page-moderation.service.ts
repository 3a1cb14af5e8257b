import type { Executor } from '../../db/client.ts';
import * as repo from './page-moderation.repository.ts';

export type { ModerationChange, ModerationRecipient } from './page-moderation.repository.ts';

/** Hides or shows a page, its photo and/or its story (an admin's act: the caller audits it); false when there is no such page. */
export function setPageModeration(db: Executor, pageId: number, change: repo.ModerationChange): Promise<boolean> {
  return repo.setPageModeration(db, pageId, change);
}

/** Hides or shows a team, its photo and/or its story (an admin's act: the caller audits it); false when there is no such team. */
export function setTeamModeration(db: Executor, teamId: number, change: repo.ModerationChange): Promise<boolean> {
  return repo.setTeamModeration(db, teamId, change);
}

/** Whom to tell that an admin hid a page or part of it: its owner (none once the account is erased). */
export function pageModerationRecipient(db: Executor, pageId: number): Promise<repo.ModerationRecipient | undefined> {
  return repo.pageOwner(db, pageId);
}

/** Whom to tell that an admin hid a team or part of it: its captain (none when the team has no captain page). */
export function teamModerationRecipient(db: Executor, teamId: number): Promise<repo.ModerationRecipient | undefined> {
  return repo.teamCaptain(db, teamId);
}
