import { BRAND } from '@uplift/core/brand';
import { PAGE_MESSAGES } from '@uplift/core/schemas/challenge-pages';
import { SLUG_MESSAGES } from '@uplift/core/slug';
import { defineErrors } from '../../errors.ts';

// The challenge-pages module's answers (docs/decisions/111): pages, their photos and teams.

/** While an admin's hide is under review, what its owner cannot do (docs/decisions/154). */
const underReview = (what: 'page' | 'team', cannot: string) =>
  `An admin has hidden your ${what}; you can't ${cannot} until it is reviewed. Write to ${BRAND.contactEmail} to ask for a review.`;

export const pageErrors = defineErrors('challenge-pages', {
  // A draft, a page its owner hid, a page an admin hid and an unknown address all answer alike.
  pageNotFound: { code: 'page.not_found', status: 404, message: 'There is no challenge page at this address' },
  noPage: { code: 'page.none', status: 404, message: 'You have no challenge page yet' },
  noConfirmedPledge: { code: 'page.no_confirmed_pledge', status: 409, message: 'A challenge page needs a confirmed pledge: confirm your pledge first' },
  pageExists: { code: 'page.exists', status: 409, message: 'You already have a challenge page for this pledge' },
  slugTaken: { code: 'page.slug_taken', status: 409, message: SLUG_MESSAGES.taken },
  photoNotFound: { code: 'page.photo_not_found', status: 404, message: 'There is no such photo' },
  noPhoto: { code: 'page.no_photo', status: 404, message: 'Your page has no photo to remove' },
  photoType: { code: 'page.photo_type', status: 400, message: PAGE_MESSAGES.photoType },
  photoTooLarge: { code: 'page.photo_too_large', status: 400, message: PAGE_MESSAGES.photoTooLarge },
  photoUnreadable: { code: 'page.photo_unreadable', status: 400, message: PAGE_MESSAGES.photoUnreadable },
  photoTooSmall: { code: 'page.photo_too_small', status: 400, message: PAGE_MESSAGES.photoTooSmall },
  photoTooManyPixels: { code: 'page.photo_too_many_pixels', status: 400, message: PAGE_MESSAGES.photoTooManyPixels },
  coverType: { code: 'page.cover_type', status: 400, message: PAGE_MESSAGES.coverType },
  coverTooLarge: { code: 'page.cover_too_large', status: 400, message: PAGE_MESSAGES.coverTooLarge },
  coverUnreadable: { code: 'page.cover_unreadable', status: 400, message: PAGE_MESSAGES.coverUnreadable },
  coverTooSmall: { code: 'page.cover_too_small', status: 400, message: PAGE_MESSAGES.coverTooSmall },
  coverTooManyPixels: { code: 'page.cover_too_many_pixels', status: 400, message: PAGE_MESSAGES.coverTooManyPixels },
  noCover: { code: 'page.no_cover', status: 404, message: 'Your page has no cover photo to remove' },
  updateNotFound: { code: 'page.update_not_found', status: 404, message: 'There is no such update on your page' },
  cursorInvalid: { code: 'page.cursor_invalid', status: 400, message: PAGE_MESSAGES.cursorInvalid },
  hiddenNoNewPage: { code: 'page.hidden_no_new_page', status: 409, message: underReview('page', 'create another page') },
  hiddenNoPublish: { code: 'page.hidden_no_publish', status: 409, message: underReview('page', 'publish a page') },
  hiddenNoDelete: { code: 'page.hidden_no_delete', status: 409, message: underReview('page', 'delete it') },
  hiddenNoRename: { code: 'page.hidden_no_rename', status: 409, message: underReview('page', 'change its address') },

  teamNotFound: { code: 'team.not_found', status: 404, message: 'There is no team at this address' },
  teamSlugTaken: { code: 'team.slug_taken', status: 409, message: SLUG_MESSAGES.taken },
  teamNeedsPage: { code: 'team.needs_page', status: 409, message: 'Create your challenge page first: a team is made of pages' },
  alreadyInTeam: { code: 'team.already_member', status: 409, message: 'Your page is already in a team: leave it first' },
  otherCampaign: { code: 'team.other_campaign', status: 409, message: "This team is in another campaign: you can join only a team of your pledge's campaign" },
  notInTeam: { code: 'team.not_member', status: 409, message: 'Your page is not in a team' },
  notCaptain: { code: 'team.not_captain', status: 403, message: "Only the team's captain can do this" },
  memberNotFound: { code: 'team.member_not_found', status: 404, message: 'There is no member {pageSlug} in this team' },
  removeSelf: { code: 'team.remove_self', status: 400, message: 'pageSlug: that is your own page; leave the team instead' },
  teamNoPhoto: { code: 'team.no_photo', status: 404, message: 'The team has no photo to remove' },
  removedFromTeam: { code: 'team.removed', status: 409, message: "The team's captain removed your page from this team, so it cannot join it again" },
  teamHiddenNoLeave: { code: 'team.hidden_no_leave', status: 409, message: underReview('team', 'leave it as its captain') },
  teamHiddenNoDelete: { code: 'team.hidden_no_delete_page', status: 409, message: underReview('team', 'delete the page that captains it') },
  teamHiddenNoNewTeam: { code: 'team.hidden_no_new_team', status: 409, message: underReview('team', 'start another team') },
});
