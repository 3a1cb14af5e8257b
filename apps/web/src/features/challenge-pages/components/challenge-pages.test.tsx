import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyPage, PublicPageData, PublicTeamData } from '@uplift/core/schemas/challenge-pages';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession, setAccessToken } from '../../../lib/session';
import { renderAt, stubFetch } from '../../../test/render-at';
import { MyPageEditor } from './my-page-editor';
import { PublicPage } from './public-page';
import { TeamPage } from './team-page';

// The page, team and editor screens (docs/decisions/142), against stubbed API answers.

const page: PublicPageData = {
  slug: 'sam-runs',
  display_name: 'Sam T.',
  story: '<script>alert(1)</script>\nSecond line',
  photo_url: null,
  photo_card_url: null,
  goal: 14000,
  raised: { pledged: 7000, received_minor: 3500, gifts: 3500, total: 7000, gift_count: 2, matched: 0 },
  weeks_done: 2,
  weeks_total: 4,
  country: 'UK',
  challenge: { name: 'Coffees', icon: 'coffee' },
  charity: { id: 5, name: 'Mind', logo: '/logos/mind.svg', cause: 'Mental health support for everyone.' },
  team: { slug: 'harbour', name: 'Harbour Runners' },
  cover: { avif: '/c/full.avif', webp: '/c/full.webp', avif_small: '/c/small.avif', webp_small: '/c/small.webp', width: 1500, height: 500 },
  weeks: { state: 'during', text: 'Week 2 of 4' },
  impact_line: '10 coffees given up so far ≈ £35.00',
  updates: [
    { id: 9, body: 'Week 1 done: <b>5</b> coffees skipped', photo_url: null, created_at: '2026-11-30T23:30:00.000Z' },
    { id: 8, body: 'Getting ready', photo_url: '/u/8.webp', created_at: '2026-11-22T09:00:00.000Z' },
  ],
  gifts: {
    items: [
      { id: 2, name: 'Anonymous', message: '', amount: null, created_at: '2026-11-24T10:00:00.000Z' },
      { id: 1, name: 'Mere', message: 'Go Sam!', amount: 2500, created_at: '2026-11-24T09:00:00.000Z' },
    ],
    next_cursor: 'abc',
  },
  match: null,
  share_message: 'Sam T. is giving something up for four weeks for a good cause. Give them a hand?',
};

const mine: MyPage = {
  slug: 'sam-runs',
  display_name: 'Sam T.',
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
  team: null,
  share_message: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});
beforeAll(() => {
  // jsdom has no modal dialogs; the shared Dialog only needs these two to toggle `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('a participant’s public page', () => {
  it('shows the name, charity, progress in the page’s currency, the story as text and the gifts; "more" asks with the cursor', async () => {
    const calls = stubFetch({
      'GET /api/pages/sam-runs': { status: 200, body: page },
      'GET /api/pages/sam-runs/gifts': { status: 200, body: { items: [{ id: 0, name: 'Ana', message: '', amount: 1000, created_at: '2026-11-23T09:00:00.000Z' }], next_cursor: null } },
    });
    const { container } = renderAt(<PublicPage slug="sam-runs" />, '/p/sam-runs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam T.’s challenge for Mind' })).toBeInTheDocument();
    // Raised is money received: half the pledge's weeks paid and the friends' gifts (product-rules §21).
    expect(screen.getByText('£70.00')).toBeInTheDocument();
    expect(screen.getByText(/£70\.00 pledged, £35\.00 of it received · £35\.00 from 2 friends/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Raised towards the goal' })).toHaveAttribute('aria-valuenow', '50');
    // The weeks said as a person would (docs/decisions/166), never "week 0 of 4 done"; the impact in units; the charity's cause.
    expect(screen.getByText('Week 2 of 4')).toBeInTheDocument();
    expect(screen.queryByText(/done$/)).not.toBeInTheDocument();
    expect(screen.getByText('10 coffees given up so far ≈ £35.00')).toBeInTheDocument();
    expect(screen.getByText('Mental health support for everyone.')).toBeInTheDocument();
    // The cover: AVIF and WebP sources with both widths, and its size in the markup (no layout shift).
    const cover = container.querySelector('picture.cp-banner')!;
    expect(cover.querySelector('source[type="image/avif"]')).toHaveAttribute('srcset', '/c/small.avif 750w, /c/full.avif 1500w');
    expect(cover.querySelector('source[type="image/webp"]')).toHaveAttribute('srcset', '/c/small.webp 750w, /c/full.webp 1500w');
    expect(cover.querySelector('img')).toHaveAttribute('width', '1500');
    expect(cover.querySelector('img')).toHaveAttribute('height', '500');
    // Updates, newest first, as text, dated in London.
    const updates = within(screen.getByRole('region', { name: 'Updates' })).getAllByRole('listitem');
    expect(updates[0]).toHaveTextContent('30 Nov');
    expect(updates[0]).toHaveTextContent('Week 1 done: <b>5</b> coffees skipped');
    expect(updates[1]).toHaveTextContent('Getting ready');
    expect(screen.getByRole('link', { name: 'Harbour Runners' })).toHaveAttribute('href', '/t/harbour');
    // The story's markup is text, never elements.
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('Go Sam!')).toBeInTheDocument();
    expect(screen.getByText('Anonymous')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Give to Sam T.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more gifts' }));
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe('/api/pages/sam-runs/gifts?cursor=abc');
    expect(screen.queryByRole('button', { name: 'Show more gifts' })).not.toBeInTheDocument();
  });

  it('a page whose pledge is not paid yet and has no gifts shows $0.00 raised, the pledge beside it (product-rules §21)', async () => {
    const unpaid: PublicPageData = { ...page, country: 'NZ', goal: 12800, raised: { pledged: 6400, received_minor: 0, gifts: 0, total: 0, gift_count: 0, matched: 0 }, gifts: { items: [], next_cursor: null } };
    stubFetch({ 'GET /api/pages/sam-runs': { status: 200, body: unpaid } });
    renderAt(<PublicPage slug="sam-runs" />, '/p/sam-runs');
    expect(await screen.findByText('$0.00')).toBeInTheDocument();
    expect(screen.getByText(/raised of \$128\.00/)).toBeInTheDocument();
    expect(screen.getByText(/\$64\.00 pledged, \$0\.00 of it received/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Raised towards the goal' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('says plainly when the page is not there (a draft, hidden or unknown)', async () => {
    stubFetch({ 'GET /api/pages/nope': { status: 404, body: { message: 'There is no challenge page at this address', code: 'page.not_found' } } });
    renderAt(<PublicPage slug="nope" />, '/p/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'This challenge page isn’t here' })).toBeInTheDocument();
  });
});

describe('the team page', () => {
  const team: PublicTeamData = {
    slug: 'harbour',
    name: 'Harbour Runners',
    story: '',
    photo_url: null,
    photo_card_url: null,
    country: 'NZ',
    raised: { pledged: 14000, received_minor: 14000, gifts: 2000, total: 16000, gift_count: 1, matched: 0 },
    members: [
      { display_name: 'Sam T.', slug: 'sam-runs', captain: true, raised: 9000 },
      { display_name: 'Draft D.', slug: null, captain: false, raised: 7000 },
    ],
    captain_message: 'One more week, team!',
    captain_name: 'Sam T.',
    match: null,
  };

  it('lists members, linking only public pages, and offers Join to a signed-in participant without a team', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    const calls = stubFetch({
      'GET /api/teams/harbour': { status: 200, body: team },
      'GET /api/my-page': [{ status: 200, body: mine }, { status: 200, body: { ...mine, team: { slug: 'harbour', name: 'Harbour Runners', captain: false, hidden: false, moderation_reason: null } } }],
      'POST /api/teams/harbour/join': { status: 200, body: { ...mine, team: { slug: 'harbour', name: 'Harbour Runners', captain: false, hidden: false, moderation_reason: null } } },
    });
    renderAt(<TeamPage slug="harbour" />, '/t/harbour');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Harbour Runners' })).toBeInTheDocument();
    expect(screen.getByText('$160.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sam T.' })).toHaveAttribute('href', '/p/sam-runs');
    expect(screen.getByText('Draft D.').closest('a')).toBeNull();
    // The captain's message, signed; only the captain is offered its form.
    expect(screen.getByText('One more week, team!')).toBeInTheDocument();
    expect(screen.getByText('— Sam T., captain')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /message as captain/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Join team Harbour Runners' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/teams/harbour/join')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Leave the team' })).toBeInTheDocument();
  });
});

describe('Give from a team page (decision 165)', () => {
  const team: PublicTeamData = {
    slug: 'harbour',
    name: 'Harbour Runners',
    story: '',
    photo_url: null,
    photo_card_url: null,
    country: 'NZ',
    raised: { pledged: 14000, received_minor: 14000, gifts: 2000, total: 16000, gift_count: 1, matched: 0 },
    captain_message: '',
    captain_name: 'Sam T.',
    members: [
      { display_name: 'Ana M.', slug: 'ana-swims', captain: false, raised: 5000 },
      { display_name: 'Sam T.', slug: 'sam-runs', captain: true, raised: 9000 },
      { display_name: 'Draft D.', slug: null, captain: false, raised: 2000 },
    ],
    match: null,
  };

  it('a Give button leads to the team’s gift form, which gives to the captain’s page unless the friend picks another public member', async () => {
    const calls = stubFetch({
      'GET /api/teams/harbour': { status: 200, body: team },
      'POST /api/pages/ana-swims/gifts': { status: 201, body: { gift_id: 9, status: 'pending', client_secret: 'pi_9_secret', provider: 'test' } },
    });
    renderAt(<TeamPage slug="harbour" />, '/t/harbour');
    expect(await screen.findByRole('link', { name: 'Give to team Harbour Runners' })).toHaveAttribute('href', '#give');
    const give = screen.getByRole('complementary', { name: 'Give to team Harbour Runners' });
    const pick = within(give).getByLabelText('Whose challenge would you like to back?');
    expect(within(pick).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sam T. (captain)', 'Ana M.']);
    expect(pick).toHaveValue('sam-runs');
    expect(await within(give).findByRole('region', { name: 'Give to Sam T.' })).toBeInTheDocument();
    await userEvent.selectOptions(pick, 'ana-swims');
    const form = await within(give).findByRole('region', { name: 'Give to Ana M.' });
    await userEvent.type(within(form).getByLabelText('Your name'), 'Tui');
    await userEvent.type(within(form).getByLabelText('Your email'), 'tui@example.org');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/pages/ana-swims/gifts')).toBe(true));
  });

  it('no public member: no Give button and no gift form', async () => {
    stubFetch({ 'GET /api/teams/harbour': { status: 200, body: { ...team, members: [team.members[2]!] } } });
    renderAt(<TeamPage slug="harbour" />, '/t/harbour');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Harbour Runners' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Give/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: /^Give/ })).not.toBeInTheDocument();
  });
});

describe('the page’s Give button (decision 165)', () => {
  it('is a link to the gift section, hidden while the section is in view; pressing it focuses the form’s first control', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed.push({ callback });
        }
        observe(target: Element) {
          observed[observed.length - 1]!.target = target;
        }
        disconnect() {}
      },
    );
    Element.prototype.scrollIntoView ??= () => {};
    stubFetch({ 'GET /api/pages/sam-runs': { status: 200, body: page } });
    renderAt(<PublicPage slug="sam-runs" />, '/p/sam-runs');
    const button = await screen.findByRole('link', { name: 'Give to Sam T.' });
    expect(button).toHaveAttribute('href', '#give');
    const form = await screen.findByRole('region', { name: 'Give to Sam T.' });
    await userEvent.click(button);
    expect(within(form).getAllByRole('button')[0]).toHaveFocus();
    const { callback, target } = observed.find((o) => o.target?.id === 'give')!;
    act(() => callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.queryByRole('link', { name: 'Give to Sam T.' })).not.toBeInTheDocument();
    act(() => callback([{ isIntersecting: false, target } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByRole('link', { name: 'Give to Sam T.' })).toBeVisible();
    vi.unstubAllGlobals();
  });
});

describe('a team with no public members', () => {
  it('says so honestly, with no "0 members" and no total', async () => {
    const empty: PublicTeamData = { slug: 'quiet', name: 'Quiet Ones', story: '', photo_url: null, photo_card_url: null, country: 'UK', raised: { pledged: 0, received_minor: 0, gifts: 0, total: 0, gift_count: 0, matched: 0 }, members: [], captain_message: '', captain_name: null, match: null };
    stubFetch({ 'GET /api/teams/quiet': { status: 200, body: empty } });
    renderAt(<TeamPage slug="quiet" />, '/t/quiet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Quiet Ones' })).toBeInTheDocument();
    expect(screen.getByText('No member of this team has a public page right now, so there is no total to show.')).toBeInTheDocument();
    expect(screen.queryByText(/0 members/)).not.toBeInTheDocument();
    expect(screen.queryByText('£0.00')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

// Match funds (docs/product-rules.md §23, docs/decisions/162): the match is its own line beside "raised", and the offer on the page and team.
describe('a sponsor’s match on the page and the team', () => {
  const acme = {
    id: 3,
    sponsor_name: 'Acme',
    sponsor_logo_url: null,
    sponsor_logo_width: null,
    sponsor_logo_height: null,
    sponsor_link: 'https://acme.example/',
    ratio: 2 as const,
    cap_minor: 500000,
    matched_minor: 376000,
    left_minor: 124000,
    ends_at: '2026-12-31T23:59:59.000Z',
  };

  it('the page: "raised" stays the total and the match is its own line; the gift form says the offer before the amount', async () => {
    stubFetch({ 'GET /api/pages/sam-runs': { status: 200, body: { ...page, raised: { ...page.raised, matched: 5000 }, match: acme } } });
    renderAt(<PublicPage slug="sam-runs" />, '/p/sam-runs');
    expect(await screen.findByText('£70.00')).toBeInTheDocument();
    expect(screen.getByText('+ £50.00 matched by Acme')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Acme’s match' })).toHaveTextContent('Your £25.00 becomes £75.00: Acme triples gifts until £5,000.00 is used; £1,240.00 left');
    expect(screen.getByRole('link', { name: 'About Acme' })).toHaveAttribute('href', 'https://acme.example/');
  });

  it("the sponsor's logo beside the match line and the offer: from our origin, loaded lazily, its box set (no layout shift)", async () => {
    const withLogo = { ...acme, sponsor_logo_url: '/api/matches/3/logo?v=0123456789abcdef', sponsor_logo_width: 480, sponsor_logo_height: 160 };
    stubFetch({ 'GET /api/pages/sam-runs': { status: 200, body: { ...page, raised: { ...page.raised, matched: 5000 }, match: withLogo } } });
    renderAt(<PublicPage slug="sam-runs" />, '/p/sam-runs');
    const line = (await screen.findByText('+ £50.00 matched by Acme')).closest('p')!;
    const beside = line.querySelector('img')!;
    expect(beside).toHaveAttribute('src', '/api/matches/3/logo?v=0123456789abcdef');
    // The line names the sponsor already: the logo beside it is not read twice.
    expect(beside).toHaveAttribute('alt', '');
    expect([beside.getAttribute('width'), beside.getAttribute('height'), beside.getAttribute('loading')]).toEqual(['96', '32', 'lazy']);
    const offer = await screen.findByRole('group', { name: 'Acme’s match' });
    const logo = within(offer).getByRole('img', { name: 'Acme' });
    expect([logo.getAttribute('src'), logo.getAttribute('width'), logo.getAttribute('height'), logo.getAttribute('loading')]).toEqual(['/api/matches/3/logo?v=0123456789abcdef', '96', '32', 'lazy']);
    expect(within(offer).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', 'https://acme.example/');
  });

  it('no match line while nothing was matched', async () => {
    stubFetch({ 'GET /api/pages/sam-runs': { status: 200, body: page } });
    renderAt(<PublicPage slug="sam-runs" />, '/p/sam-runs');
    expect(await screen.findByText('£70.00')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Give to Sam T.' })).toBeInTheDocument();
    expect(screen.queryByText(/matched by/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /match/ })).not.toBeInTheDocument();
  });

  it('the team: the match line under the total; the offer is in the team’s gift form, before the amount and live (decision 165)', async () => {
    const team: PublicTeamData = {
      slug: 'harbour',
      name: 'Harbour Runners',
      story: '',
      photo_url: null,
      photo_card_url: null,
      country: 'NZ',
      raised: { pledged: 14000, received_minor: 14000, gifts: 2000, total: 16000, gift_count: 1, matched: 4000 },
      members: [{ display_name: 'Sam T.', slug: 'sam-runs', captain: true, raised: 16000 }],
      captain_message: '',
      captain_name: null,
      match: acme,
    };
    stubFetch({ 'GET /api/teams/harbour': { status: 200, body: team } });
    renderAt(<TeamPage slug="harbour" />, '/t/harbour');
    expect(await screen.findByText('+ $40.00 matched by Acme')).toBeInTheDocument();
    expect(screen.getAllByText('$160.00').length).toBeGreaterThan(0);
    const give = screen.getByRole('complementary', { name: 'Give to team Harbour Runners' });
    expect(await within(give).findByRole('group', { name: 'Acme’s match' })).toHaveTextContent(/^About AcmeYour \$25\.00 becomes \$75\.00: Acme triples gifts until \$5,000\.00 is used; \$1,240\.00 left$/);
  });
});

describe('the page editor', () => {
  it('creates a page after the live check, then publishes it', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    const calls = stubFetch({
      'GET /api/my-page': [{ status: 404, body: { message: 'You have no challenge page yet', code: 'page.none' } }, { status: 200, body: mine }, { status: 200, body: { ...mine, public: true, published_at: '2026-11-24T09:00:00.000Z' } }],
      'GET /api/pages/slug-available': [{ status: 200, body: { available: false, message: 'That address is taken' } }, { status: 200, body: { available: true } }],
      'POST /api/my-page': { status: 201, body: mine },
      'PATCH /api/my-page': { status: 200, body: { ...mine, public: true, published_at: '2026-11-24T09:00:00.000Z' } },
    });
    renderAt(<MyPageEditor />, '/my-page');
    const address = await screen.findByLabelText('Your page’s address');
    await userEvent.type(address, 'ab');
    expect(await screen.findByText('Address: at least 3 characters')).toBeInTheDocument();
    await userEvent.type(address, 'c');
    expect(await screen.findByText('That address is taken')).toBeInTheDocument();
    await userEvent.clear(address);
    await userEvent.type(address, 'sam-runs');
    expect(await screen.findByText('That address is free')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create my page' }));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ slug: 'sam-runs' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your challenge page' })).toBeInTheDocument();
    expect(screen.getByLabelText('Goal ($)')).toHaveValue('140.00');
    expect(screen.getByLabelText('Show my page on the leaderboards')).not.toBeChecked();
    expect(screen.getByLabelText('Email me when a friend gives')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Publish my page' }));
    expect(await screen.findByText('Your page is public.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ published: true });
  });

  it('tells the owner of a page an admin hid what waits for the review and whom to write to; shows the refusal of a delete', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    const refusal = "An admin has hidden your page; you can't delete it until it is reviewed. Write to hello@uplift.org.nz to ask for a review.";
    stubFetch({
      'GET /api/my-page': { status: 200, body: { ...mine, moderated: true, published_at: '2026-11-24T09:00:00.000Z' } },
      'DELETE /api/my-page': { status: 409, body: { message: refusal, code: 'page.hidden_no_delete' } },
    });
    renderAt(<MyPageEditor />, '/my-page');
    expect(await screen.findByText(/An admin has hidden your page\. Only you can see it\. Until it is reviewed you can't publish a page, change this page's address, delete it or create another\./)).toHaveTextContent(
      'Write to hello@uplift.org.nz to ask for a review.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete my page' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it("says one state when an admin hid the page, with the admin's reason: never also \"Not public yet\", and offers no Publish", async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    stubFetch({ 'GET /api/my-page': { status: 200, body: { ...mine, moderated: true, moderation_reason: 'The photo shows someone else' } } });
    renderAt(<MyPageEditor />, '/my-page');
    expect(await screen.findByText(/^An admin has hidden your page: The photo shows someone else\. Only you can see it\./)).toHaveTextContent('Write to hello@uplift.org.nz to ask for a review.');
    expect(screen.queryByText(/Not public yet/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish my page' })).not.toBeInTheDocument();
  });

  it("tells a hidden team's captain the admin's reason and what waits for the review", async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    const team = { slug: 'harbour', name: 'Harbour Runners', captain: true, hidden: true, moderation_reason: 'Offensive team name' };
    stubFetch({ 'GET /api/my-page': { status: 200, body: { ...mine, public: true, published_at: '2026-11-24T09:00:00.000Z', team } } });
    renderAt(<MyPageEditor />, '/my-page');
    expect(await screen.findByText(/^An admin has hidden your team: Offensive team name\. Only its members can see it\./)).toHaveTextContent(
      "Until it is reviewed you can't leave it, delete your page or start another team. Write to hello@uplift.org.nz to ask for a review.",
    );
  });

  it('tells the owner when an admin hid only their story', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    stubFetch({ 'GET /api/my-page': { status: 200, body: { ...mine, public: true, published_at: '2026-11-24T09:00:00.000Z', story: 'Rude', story_moderated: true } } });
    renderAt(<MyPageEditor />, '/my-page');
    expect(await screen.findByText(/^An admin has hidden your story: your page shows none until an admin reviews it\./)).toBeInTheDocument();
    expect(screen.getByText(/^Public at/)).toBeInTheDocument();
    expect(screen.queryByText(/An admin has hidden your page/)).not.toBeInTheDocument();
  });

  it('refuses a goal that is not an amount before asking the server, naming the field', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    const calls = stubFetch({ 'GET /api/my-page': { status: 200, body: mine } });
    renderAt(<MyPageEditor />, '/my-page');
    const goal = await screen.findByLabelText('Goal ($)');
    await userEvent.clear(goal);
    await userEvent.type(goal, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/^Goal: an amount more than/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('fills the update with the suggested one to edit, posts it, and lists the updates to delete', async () => {
    setAccessToken('header.eyJzdWIiOiI3In0.sig');
    const suggested = 'Week 2 done: 8 coffees skipped, $28.00 given so far — thank you Ana!';
    const posted = { id: 4, body: `${suggested} More soon.`, photo_url: null, created_at: '2026-12-14T09:00:00.000Z', hidden: false };
    const calls = stubFetch({
      'GET /api/my-page': [{ status: 200, body: { ...mine, suggested_update: suggested } }, { status: 200, body: { ...mine, suggested_update: suggested, updates: [posted] } }],
      'POST /api/my-page/updates': { status: 201, body: { ...mine, updates: [posted] } },
    });
    renderAt(<MyPageEditor />, '/my-page');
    expect(await screen.findByText('Starts Monday')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the suggested update' }));
    const box = screen.getByRole('textbox', { name: /Your update/ });
    expect(box).toHaveValue(suggested);
    await userEvent.type(box, ' More soon.');
    await userEvent.click(screen.getByRole('button', { name: 'Post the update' }));
    expect(await screen.findByText('Update posted.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ body: `${suggested} More soon.` });
    expect(await screen.findByRole('button', { name: 'Delete this update' })).toBeInTheDocument();
  });
});
