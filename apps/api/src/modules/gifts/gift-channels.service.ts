import type { GiftChannels } from '@uplift/core/schemas/gifts';
import type { Executor } from '../../db/client.ts';
import { countGiftsByChannel } from './gift-channels.repository.ts';

/** GET /api/my-page/gift-channels: "3 gifts came from WhatsApp", for the owner of the pages (docs/decisions/164). */
export async function giftChannelsOf(deps: { db: Executor }, userId: number): Promise<GiftChannels> {
  return { channels: await countGiftsByChannel(deps.db, userId) };
}
