import { describe, expect, it } from 'vitest';
import { giftModerationSchema, moderationChangeSchema, reportRequestSchema, resolveReportSchema } from './moderation.ts';
import { issuesOf } from './schemas.test-support.ts';

// The moderation requests' rules (docs/decisions/141, 159, 173): each subject of a report names what
// it is about, and every hide carries the reason mailed to the owner.

const REASON_NEEDED = 'reason: reason: say why, for the owner (they are mailed it)';

describe('reportRequestSchema: each subject names what is reported', () => {
  it.each([
    [{ subject: 'page', slug: 'sam-swims' }],
    [{ subject: 'team', slug: 'flat-whites' }],
    [{ subject: 'message', gift_id: 7 }],
    [{ subject: 'update', update_id: 11 }],
  ])('%o with a reason is taken', (report) => {
    expect(reportRequestSchema.parse({ ...report, reason: ' Insults a person ' })).toEqual({ ...report, reason: 'Insults a person' });
  });

  it.each([
    ['page', 'slug: slug: say which page'],
    ['team', 'slug: slug: say which team'],
    ['message', 'gift_id: gift_id: say which message'],
    ['update', 'update_id: update_id: say which update'],
  ])('a %s without its id is refused at that field, and only there', (subject, issue) => {
    expect(issuesOf(reportRequestSchema, { subject, reason: 'Rude' })).toEqual([issue]);
  });

  it("another subject's id does not stand in for the one it needs", () => {
    expect(issuesOf(reportRequestSchema, { subject: 'update', gift_id: 7, slug: 'sam-swims', reason: 'Rude' })).toEqual(['update_id: update_id: say which update']);
    expect(issuesOf(reportRequestSchema, { subject: 'message', update_id: 11, reason: 'Rude' })).toEqual(['gift_id: gift_id: say which message']);
  });

  it('an update id must be a positive 32-bit whole number; the subject one of the four', () => {
    for (const update_id of [0, -1, 1.5, 2_147_483_648, '11']) {
      expect(issuesOf(reportRequestSchema, { subject: 'update', update_id, reason: 'Rude' })).toEqual(['update_id: update_id: must be the id of an update']);
    }
    expect(issuesOf(reportRequestSchema, { subject: 'update', update_id: 2_147_483_647, reason: 'Rude' })).toEqual([]);
    expect(issuesOf(reportRequestSchema, { subject: 'photo', slug: 'x', reason: 'Rude' })).toEqual(['subject: subject: must be page, team, message or update']);
  });
});

describe('the reason for a hide', () => {
  it('resolving a report: every action but dismiss needs one', () => {
    for (const action of ['hide', 'hide_photo', 'hide_story']) {
      expect(issuesOf(resolveReportSchema, { action })).toEqual([REASON_NEEDED]);
      expect(issuesOf(resolveReportSchema, { action, reason: 'Abuse' })).toEqual([]);
    }
    expect(issuesOf(resolveReportSchema, { action: 'dismiss' })).toEqual([]);
  });

  it('a page or team: saying what to change is needed, and any hide needs a reason; showing does not', () => {
    expect(issuesOf(moderationChangeSchema, {})).toEqual(['hidden: hidden: say whether to hide or show it (or photo_hidden, its photo, or story_hidden, its story)']);
    for (const field of ['hidden', 'photo_hidden', 'story_hidden']) {
      expect(issuesOf(moderationChangeSchema, { [field]: true }), field).toEqual([REASON_NEEDED]);
      expect(issuesOf(moderationChangeSchema, { [field]: true, reason: 'Abuse' }), field).toEqual([]);
      expect(issuesOf(moderationChangeSchema, { [field]: false }), field).toEqual([]);
    }
    expect(issuesOf(moderationChangeSchema, { hidden: false, photo_hidden: false, story_hidden: false })).toEqual([]);
  });

  it("a gift's message: hiding needs a reason, showing does not", () => {
    expect(issuesOf(giftModerationSchema, { message_hidden: true })).toEqual([REASON_NEEDED]);
    expect(issuesOf(giftModerationSchema, { message_hidden: true, reason: 'Abuse' })).toEqual([]);
    expect(issuesOf(giftModerationSchema, { message_hidden: false })).toEqual([]);
  });
});
