import type { Executor } from '../../db/client.ts';
import * as repo from './page-moderation.repository.ts';

export type { ModerationChange } from './page-moderation.repository.ts';

/** Hides or shows a page and/or its photo (an admin's act: the caller audits it); false when there is no such page. */
export function setPageModeration(db: Executor, pageId: number, change: repo.ModerationChange): Promise<boolean> {
  return repo.setPageModeration(db, pageId, change);
}

/** Hides or shows a team and/or its photo (an admin's act: the caller audits it); false when there is no such team. */
export function setTeamModeration(db: Executor, teamId: number, change: repo.ModerationChange): Promise<boolean> {
  return repo.setTeamModeration(db, teamId, change);
}
