import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyPage } from '@uplift/core/schemas/challenge-pages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setAccessToken } from '../../../lib/session';
import { renderAt, stubFetch } from '../../../test/render-at';
import { MyPageEditor } from './my-page-editor';
import { suggestedSlug, suggestedStory } from './start-from-thanks';

// Make a page from the moment of thanks, published in one step, then the leaderboard question (docs/decisions/167).

const draft: MyPage = {
  slug: 'aroha-gives-up-coffees',
  display_name: 'Aroha N.',
  story: '',
  goal: 14000,
  photo_url: null,
  public: false,
  published_at: null,
  moderated: false,
  photo_moderated: false,
  story_moderated: false,
  moderation_reason: null,
  on_leaderboard: false,
  gift_mails: true,
  country: 'NZ',
  raised: { pledged: 7000, received_minor: 0, gifts: 0, total: 0, gift_count: 0, matched: 0 },
  weeks_done: 0,
  weeks_total: 4,
  cover: null,
  weeks: { state: 'before', text: 'Starts Monday' },
  impact_line: null,
  updates: [],
  suggested_update: 'Getting ready: 0 coffees skipped, $0.00 given so far',
  share_message: null,
  team: null,
};
const published: MyPage = { ...draft, public: true, published_at: '2026-11-24T09:00:00.000Z' };
const noPage = { status: 404, body: { message: 'You have no challenge page yet', code: 'page.none' } };

const pledgeReplies = {
  'GET /api/auth/user_info': { status: 200, body: { id: 7, first_name: 'Aroha', last_name: 'Ngata', email: 'a@example.nz', user_address: '1 Rd', country: 'NZ', activated: true, opt_in_uplift_comms: false, opt_in_charity_comms: false } },
  'GET /api/pledge/closest/Confirmed': { status: 200, body: { id: 11, campaign_id: 1, challenge_id: 3, recipient_id: 5, number_of_units: 5, cost_per_unit: 3.5, period: 'weekly', confirmed_amount: 70, pledge_status: 'Confirmed', country: 'NZ' } },
  'GET /api/challenge/3': { status: 200, body: { id: 3, name: 'Coffees', landing_page_icon: 'coffee', icon: 'coffee', unit: 'coffee', description: '', hashtag: '', hashtag_link: '', kind: 'units', is_enabled: true } },
  'GET /api/recipient/5': { status: 200, body: { id: 5, recipient_name: 'Youthline', logo: '', impact_cost: 10, impact_unit: 'hours', impact_unit_singular: 'hour', impact_description: '', impact_multiplier: 1, description: '', link: '', country: 'NZ', story: '', photo: null } },
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('suggestions', () => {
  it('makes an address of the first name and the challenge, within the slug rule', () => {
    expect(suggestedSlug('Aroha', 'Coffees')).toBe('aroha-gives-up-coffees');
    expect(suggestedSlug('Māui', 'Food deliveries')).toBe('maui-gives-up-food-deliveries');
    expect(suggestedSlug('Bartholomew-Alexander', 'Streaming services')).toBe('bartholomew-alexander-gives-up-streaming');
    expect(suggestedSlug('Bartholomew-Alexander', 'Streaming services').length).toBeLessThanOrEqual(40);
  });

  it('writes a story in the donor’s voice naming the challenge and the charity', () => {
    expect(suggestedStory('Coffees', 'Youthline')).toBe('For four weeks I’m giving up coffees and giving what I save to Youthline. Will you back me? Every gift on this page goes to Youthline too.');
  });
});

describe('/my-page?start=thanks', () => {
  it('opens a form filled in from the pledge; Publish my page makes and publishes it in one step, then asks about the leaderboard (Yes)', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    const calls = stubFetch({
      ...pledgeReplies,
      'GET /api/my-page': [noPage, { status: 200, body: published }, { status: 200, body: { ...published, on_leaderboard: true } }],
      'GET /api/pages/slug-available': { status: 200, body: { available: true } },
      'POST /api/my-page': { status: 201, body: draft },
      'PATCH /api/my-page': [{ status: 200, body: published }, { status: 200, body: { ...published, on_leaderboard: true } }],
    });
    renderAt(<MyPageEditor />, '/my-page?start=thanks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Make your challenge page' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your page’s address')).toHaveValue('aroha-gives-up-coffees');
    expect(screen.getByLabelText('Display name')).toHaveValue('Aroha N.');
    expect(screen.getByLabelText('Your story')).toHaveValue(suggestedStory('Coffees', 'Youthline'));
    expect(screen.getByLabelText('Goal ($)')).toHaveValue('140.00');

    await userEvent.click(screen.getByRole('button', { name: 'Publish my page' }));
    const question = await screen.findByRole('group', { name: /Show it on the leaderboard too/ });
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.body]);
    expect(writes).toEqual([
      ['POST', { slug: 'aroha-gives-up-coffees', display_name: 'Aroha N.', story: suggestedStory('Coffees', 'Youthline'), goal: 14000 }],
      ['PATCH', { published: true }],
    ]);
    expect(screen.getByText(/^Public at/)).toBeInTheDocument();

    await userEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Your page is on the leaderboard.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ on_leaderboard: true });
    expect(screen.getByLabelText('Show my page on the leaderboards')).toBeChecked();
  });

  it('without a confirmed pledge, falls back to the plain form', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    stubFetch({ ...pledgeReplies, 'GET /api/my-page': noPage, 'GET /api/pledge/closest/Confirmed': { status: 404, body: { message: 'No pledge', code: 'pledge.not_found' } } });
    renderAt(<MyPageEditor />, '/my-page?start=thanks');
    expect(await screen.findByRole('button', { name: 'Create my page' })).toBeInTheDocument();
  });
});

describe('publishing from the editor', () => {
  it('asks once about the leaderboard; No changes nothing and says how to change it later', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    const calls = stubFetch({
      'GET /api/my-page': [{ status: 200, body: draft }, { status: 200, body: published }],
      'PATCH /api/my-page': { status: 200, body: published },
    });
    renderAt(<MyPageEditor />, '/my-page');
    expect(screen.queryByRole('group', { name: /leaderboard/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish my page' }));
    const question = await screen.findByRole('group', { name: /Show it on the leaderboard too/ });
    await userEvent.click(within(question).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Your page stays off the leaderboard. You can change that below at any time.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ published: true }]);
  });

  it('does not ask a page already on the leaderboard', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    stubFetch({
      'GET /api/my-page': [{ status: 200, body: { ...draft, on_leaderboard: true } }, { status: 200, body: { ...published, on_leaderboard: true } }],
      'PATCH /api/my-page': { status: 200, body: { ...published, on_leaderboard: true } },
    });
    renderAt(<MyPageEditor />, '/my-page');
    await userEvent.click(await screen.findByRole('button', { name: 'Publish my page' }));
    expect(await screen.findByText('Your page is public.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /leaderboard/ })).not.toBeInTheDocument();
  });
});
