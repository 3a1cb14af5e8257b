import { defineErrors } from '../../errors.ts';

// The moderation module's answers (docs/decisions/141-moderation.md).

export const moderationErrors = defineErrors('moderation', {
  /** A report or an admin's hide/show names a page that does not exist (or, for a report, is not public). */
  pageNotFound: { code: 'moderation.page_not_found', status: 404, message: 'slug: there is no page at that address' },
  teamNotFound: { code: 'moderation.team_not_found', status: 404, message: 'slug: there is no team at that address' },
  messageNotFound: { code: 'moderation.message_not_found', status: 404, message: 'gift_id: there is no such message' },
  updateNotFound: { code: 'moderation.update_not_found', status: 404, message: 'update_id: there is no such update' },
  actionNotForUpdate: { code: 'moderation.action_not_for_update', status: 400, message: 'action: a report of an update can hide the update or be dismissed' },
  updateGone: { code: 'moderation.update_gone', status: 409, message: 'Report {id}: its owner deleted the update; dismiss the report' },
  reportNotFound: { code: 'moderation.report_not_found', status: 404, message: 'There is no report {id}' },
  actionNotForMessage: { code: 'moderation.action_not_for_message', status: 400, message: 'action: a report of a message can hide the message or be dismissed' },
  alreadyResolved: { code: 'moderation.already_resolved', status: 409, message: 'Report {id} was already resolved ({resolution})' },
});
