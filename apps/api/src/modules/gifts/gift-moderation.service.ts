import type { Executor } from '../../db/client.ts';
import * as repo from './gift-moderation.repository.ts';

/** Hides or shows a gift's message (an admin's act: the caller audits it); false when there is no such gift. */
export function setGiftMessageModeration(db: Executor, giftId: number, hidden: boolean): Promise<boolean> {
  return repo.setGiftMessageModeration(db, giftId, hidden);
}
