import { describe, expect, it } from 'vitest';
import { charityExportRecordSchema, userListQuerySchema, userPageSchema } from './admin.ts';
import { userSchema } from './auth.ts';
import { challengeSchema } from './challenge.ts';
import { geoResponseSchema } from './geo.ts';
import { recipientChoiceSchema, recipientSchema } from './recipient.ts';
import { totalResponseSchema, totalsListResponseSchema } from './totals.ts';

// The answers' schemas: what the API may send, checked by its serializer before sending.

const challenge = {
  id: 1,
  name: 'Coffee',
  landing_page_icon: 'coffee',
  icon: 'coffee',
  unit: 'coffees',
  description: 'Skip a coffee',
  hashtag: '#UpliftCoffee',
  hashtag_link: 'https://example.org',
  kind: 'units',
  is_enabled: true,
};

const recipient = {
  id: 2,
  recipient_name: 'KidsCan',
  logo: 'kidscan.svg',
  impact_cost: 12.5,
  impact_unit: 'lunches',
  impact_unit_singular: 'lunch',
  impact_description: 'school lunches',
  impact_multiplier: 1,
  description: 'Feeds kids',
  link: 'https://example.org',
  country: 'NZ',
  story: '',
  photo: null,
};

const user = {
  id: 3,
  first_name: 'Aroha',
  last_name: 'Ngata',
  email: 'aroha@example.org',
  user_address: '',
  country: 'NZ',
  activated: true,
  opt_in_uplift_comms: false,
  opt_in_charity_comms: true,
};

describe('entity answers', () => {
  it('a challenge is priced by units or by commute', () => {
    expect(challengeSchema.parse(challenge)).toEqual(challenge);
    expect(challengeSchema.safeParse({ ...challenge, kind: 'miles' }).success).toBe(false);
  });

  it('a charity has a decimal impact cost; its choice is the id, name and country', () => {
    expect(recipientSchema.parse(recipient)).toEqual(recipient);
    expect(recipientSchema.safeParse({ ...recipient, impact_cost: '12.50' }).success).toBe(false);
    const photo = { url: '/api/recipient/2/photo?size=full&v=0123456789abcdef', card_url: '/api/recipient/2/photo?size=card&v=0123456789abcdef', alt: 'Children eating lunch', width: 1200, height: 800 };
    expect(recipientSchema.parse({ ...recipient, story: 'Since 2005.', photo })).toEqual({ ...recipient, story: 'Since 2005.', photo });
    expect(recipientSchema.safeParse({ ...recipient, photo: { ...photo, alt: undefined } }).success).toBe(false);
    expect(recipientChoiceSchema.parse(recipient)).toEqual({ id: 2, recipient_name: 'KidsCan', country: 'NZ' });
  });

  it('a user never carries its password hash or role', () => {
    expect(userSchema.parse({ ...user, password_hash: 'x', role: 'admin' })).toEqual(user);
    const row = { ...user, pledge_status: 'Confirmed', pledge_amount: 70, pledge_campaign_id: 3 };
    expect(userPageSchema.parse({ users: [{ ...row, password_hash: 'x', role: 'admin' }], total: 1, page: 1, page_size: 25 }).users).toEqual([row]);
  });

  it('an export record has an ISO timestamp and names that may be gone', () => {
    const record = {
      id: 1,
      created_at: '2026-11-23T09:00:00.000Z',
      row_count: 0,
      admin_user_id: 3,
      admin_email: null,
      recipient_id: 2,
      recipient_name: null,
      campaign_id: 4,
      campaign_name: null,
    };
    expect(charityExportRecordSchema.parse(record)).toEqual(record);
    expect(charityExportRecordSchema.safeParse({ ...record, created_at: new Date() }).success).toBe(false);
  });
});

describe('other answers', () => {
  it('totals are numbers of 0 or more', () => {
    expect(totalResponseSchema.parse(12.5)).toBe(12.5);
    expect(totalsListResponseSchema.parse([0, 3])).toEqual([0, 3]);
    expect(totalResponseSchema.safeParse(-1).success).toBe(false);
  });

  it('the country guess names its source', () => {
    expect(geoResponseSchema.parse({ country: 'UK', source: 'cdn' })).toEqual({ country: 'UK', source: 'cdn' });
    expect(geoResponseSchema.safeParse({ country: 'GB', source: 'cdn' }).success).toBe(false);
  });
});

describe('userListQuerySchema', () => {
  it('defaults every parameter and coerces numbers from the query string', () => {
    expect(userListQuerySchema.parse({})).toEqual({ page: 1, page_size: 25, search: '', sort: 'id', order: 'asc' });
    expect(userListQuerySchema.parse({ page: '2', page_size: '100' })).toMatchObject({ page: 2, page_size: 100 });
    expect(userListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
  });
});
