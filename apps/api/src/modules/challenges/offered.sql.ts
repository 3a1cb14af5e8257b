import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { campaignChallenges, campaignRecipients } from '../../db/schema.ts';

// "Offered in this campaign", defined once by the owner of campaign_challenges and
// campaign_recipients (docs/decisions/146, product-rules §13): a campaign offers every challenge
// (every charity of its country) unless an admin narrowed it to some, then only those. Whether a
// challenge or charity is enabled, and a charity's country, are checked apart by the caller.

/** The challenge whose id is `challengeId` (a column or an expression of the caller's query) is offered in campaign `campaignId`. */
export const challengeOffered = (campaignId: number, challengeId: AnyColumn | SQL): SQL =>
  sql`(not exists (select 1 from ${campaignChallenges} cc where cc.campaign_id = ${campaignId})
          or exists (select 1 from ${campaignChallenges} cc where cc.campaign_id = ${campaignId} and cc.challenge_id = ${challengeId}))`;

/** The charity whose id is `recipientId` is offered in campaign `campaignId`. */
export const charityOffered = (campaignId: number, recipientId: AnyColumn | SQL): SQL =>
  sql`(not exists (select 1 from ${campaignRecipients} cr where cr.campaign_id = ${campaignId})
          or exists (select 1 from ${campaignRecipients} cr where cr.campaign_id = ${campaignId} and cr.recipient_id = ${recipientId}))`;
