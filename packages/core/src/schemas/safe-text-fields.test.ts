import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { profileUpdateSchema } from './account.ts';
import { challengeRequestSchema, charityPhotoRequestSchema, charityRequestSchema } from './admin-charities.ts';
import { registerRequestSchema } from './auth.ts';
import { payoutCorrectionRequestSchema, payoutRequestSchema } from './campaign-report.ts';
import { campaignRequestSchema } from './campaign.ts';
import { createPageSchema, createTeamSchema, updateTeamSchema } from './challenge-pages.ts';
import { giftRequestSchema } from './gifts.ts';
import { matchCreateSchema, matchUpdateSchema } from './match.ts';
import { giftModerationSchema, moderationChangeSchema, reportRequestSchema, resolveReportSchema } from './moderation.ts';
import { newsDraftSchema } from './news.ts';
import { passkeyNameSchema } from './passkeys.ts';
import { refundRequestSchema } from './refund.ts';

// Every field a person types takes the one safe-text rule (docs/decisions/152): one-line fields
// refuse line breaks, tabs, bidi overrides and zero-width characters; multi-line fields keep '\n'
// (CRLF read as '\n') and refuse the rest. The message names the field.

const field = (schema: z.ZodType, input: unknown, key: string) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.filter((i) => i.path.join('.') === key).map((i) => i.message);
};

const register = {
  first_name: 'Aroha',
  last_name: 'Ngā',
  user_address: '1 Queen Street',
  country: 'NZ',
  email: 'aroha@example.org',
  password: 'a long passphrase',
  campaign_id: 1,
  challenge_id: 1,
  recipient_id: 1,
  units_per_week: 5,
  unit_cost: 5,
  terms_accepted: true,
};
const charity = {
  recipient_name: 'Kids Can',
  country: 'NZ',
  impact_cost: 12.5,
  impact_unit: 'meals',
  impact_unit_singular: 'meal',
  impact_description: 'Meals for children at school.',
  impact_multiplier: 1,
  description: 'Food and clothing for children.',
  link: 'https://kidscan.org.nz',
};
const challenge = { name: 'Coffee', icon: 'coffee', unit: 'coffees', description: 'Skip a coffee.', hashtag: '#UpliftCoffee', hashtag_link: 'https://www.instagram.com/explore/tags/upliftcoffee/' };
const campaign = { campaign_name: 'November Uplift Challenge', start_date: '2026-11-01', end_date: '2026-11-30', billing_start_date: '2026-11-01', country: 'NZ', is_active: true };
const gift = { client_key: '6f1c2b0e-8a4d-4c1e-9b7a-2d3e4f5a6b7c', amount: 2500, name: 'Sam', email: 'sam@example.org', message: 'Go well' };
const news = { subject: 'Halfway there', text: 'Kia ora,\nwe are halfway.', audience: { kind: 'campaign', campaign_id: 1 } };

/** [what, schema, valid input, field, words]: each one-line field a person types. */
const ONE_LINE: [string, z.ZodType, Record<string, unknown>, string, string][] = [
  ['a registration first name', registerRequestSchema, register, 'first_name', 'First name'],
  ['a registration last name', registerRequestSchema, register, 'last_name', 'Last name'],
  ['a registration address', registerRequestSchema, register, 'user_address', 'Address'],
  ['a profile first name', profileUpdateSchema, { first_name: 'Aroha', last_name: 'Ngā', user_address: '' }, 'first_name', 'First name'],
  ['a display name', createPageSchema, { slug: 'aroha-rides', display_name: 'Aroha' }, 'display_name', 'Display name'],
  ['a team name', createTeamSchema, { slug: 'team-aroha', name: 'Team Aroha' }, 'name', 'Team name'],
  ["a friend's name on a gift", giftRequestSchema, gift, 'name', 'name'],
  ['a gift message', giftRequestSchema, gift, 'message', 'message'],
  ["an admin's campaign name", campaignRequestSchema, campaign, 'campaign_name', 'Campaign name'],
  ["an admin's charity name", charityRequestSchema, charity, 'recipient_name', 'Charity name'],
  ["a charity's impact unit", charityRequestSchema, charity, 'impact_unit', 'Impact unit'],
  ["an admin's challenge name", challengeRequestSchema, challenge, 'name', 'Challenge name'],
  ["a photo's description", charityPhotoRequestSchema, { photo_base64: 'iVBORw0KGgo=', alt: 'Children at lunch' }, 'alt', 'Photo description'],
  ['a news subject', newsDraftSchema, news, 'subject', 'subject'],
  ["a payout's reference", payoutRequestSchema, { recipient_id: 1, amount: 10, paid_on: '2026-11-23', reference: 'TRF 1' }, 'reference', 'Reference'],
  ["a match's sponsor name", matchCreateSchema, { sponsor_name: 'Acme', ratio: 1, cap_minor: 10_000, starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-31T00:00:00Z', applies_to: 'both' }, 'sponsor_name', 'Sponsor name'],
  ["a match's sponsor name, changed", matchUpdateSchema, { sponsor_name: 'Acme' }, 'sponsor_name', 'Sponsor name'],
];

/** The same for each multi-line field. */
const MULTI_LINE: [string, z.ZodType, Record<string, unknown>, string, string][] = [
  ["a page's story", createPageSchema, { slug: 'aroha-rides', story: 'x' }, 'story', 'Story'],
  ["a team captain's story", updateTeamSchema, { story: 'x' }, 'story', 'Story'],
  ["a charity's description", charityRequestSchema, charity, 'description', 'Description'],
  ["a charity's story", charityRequestSchema, charity, 'story', 'Story'],
  ["a challenge's description", challengeRequestSchema, challenge, 'description', 'Description'],
  ["a news update's text", newsDraftSchema, news, 'text', 'text'],
  ["a report's reason", reportRequestSchema, { subject: 'page', slug: 'aroha-rides', reason: 'x' }, 'reason', 'reason'],
  ["an admin's reason for hiding a page or team (mailed to its owner)", moderationChangeSchema, { hidden: true, reason: 'x' }, 'reason', 'reason'],
  ["an admin's reason for hiding a message", giftModerationSchema, { message_hidden: true, reason: 'x' }, 'reason', 'reason'],
  ["an admin's reason for hiding what a report is about", resolveReportSchema, { action: 'hide_photo', reason: 'x' }, 'reason', 'reason'],
  ["a refund's reason", refundRequestSchema, { amountMinor: 100, reason: 'x' }, 'reason', 'reason'],
  ["a payout correction's reason", payoutCorrectionRequestSchema, { amount: 5, reason: 'x' }, 'reason', 'Reason'],
];

describe('one-line fields', () => {
  it.each(ONE_LINE)('%s takes ordinary text with macrons and emoji', (_, schema, valid, key) => {
    expect(field(schema, valid, key)).toEqual([]);
    expect(field(schema, { ...valid, [key]: `${String(valid[key])} Māori Ō 🎉` }, key)).toEqual([]);
  });

  it.each(ONE_LINE)('%s refuses a right-to-left override, a line break, a tab, a C1 control and a zero-width space', (_, schema, valid, key, words) => {
    const refusal = [`${words} can't contain invisible or control characters`];
    for (const bad of ['Ad\u202Emin', 'Hi\r\nBcc: x', 'Hi\nthere', 'Hi\tthere', 'Hi\u0085there', 'Ad\u200Bmin', 'Hi\u2028there'])
      expect(field(schema, { ...valid, [key]: `${String(valid[key])} ${bad}` }, key), JSON.stringify(bad)).toEqual(refusal);
  });

  it('the passkey name too', () => {
    expect(passkeyNameSchema.safeParse('My phone').success).toBe(true);
    expect(passkeyNameSchema.safeParse('My\u202Ephone').error?.issues.map((i) => i.message)).toEqual(["The passkey's name can't contain invisible or control characters"]);
  });

  it('a gift message may hold an emoji sequence joined by a zero-width joiner; a name may not', () => {
    expect(field(giftRequestSchema, { ...gift, message: 'Go Sam 👩‍🚒🏳️‍🌈' }, 'message')).toEqual([]);
    expect(field(giftRequestSchema, { ...gift, name: 'Sam 👩‍🚒' }, 'name')).toEqual(["name can't contain invisible or control characters"]);
  });
});

describe('multi-line fields', () => {
  it.each(MULTI_LINE)('%s keeps line breaks and reads CRLF as one', (_, schema, valid, key) => {
    const result = schema.safeParse({ ...valid, [key]: 'First line.\r\n\r\nSecond 👨‍👩‍👧 line.\nThird.' });
    expect(result.error?.issues ?? []).toEqual([]);
    expect((result.data as Record<string, unknown>)[key]).toBe('First line.\n\nSecond 👨‍👩‍👧 line.\nThird.');
  });

  it.each(MULTI_LINE)('%s refuses a right-to-left override, a tab, a lone CR, a line separator and a zero-width space', (_, schema, valid, key, words) => {
    const refusal = [`${words} can't contain invisible or control characters (line breaks are fine)`];
    for (const bad of ['a\u202Eb', 'a\n\tb', 'a\rb', 'a\u2028b', 'a\u200Bb', 'a\u0000b', 'Pay\u200Dpal'])
      expect(field(schema, { ...valid, [key]: bad }, key), JSON.stringify(bad)).toEqual(refusal);
  });
});
