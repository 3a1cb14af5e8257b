import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { LeaderboardResponse } from '@uplift/core/schemas/leaderboard';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FriendsGive, { FriendsGifts, Leaderboard } from './friends-give';

// docs/decisions/140-leaderboards.md: the landing's friends' figure and leaderboard.

afterEach(() => vi.unstubAllGlobals());

function stub(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = answers[url];
      if (body === undefined) return new Response(JSON.stringify({ message: 'Not found', code: 'x' }), { status: 404, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const board: LeaderboardResponse = {
  country: 'UK',
  campaign_id: 2,
  pages: [
    { rank: 1, name: 'Olivia S.', slug: 'olivia-runs', raised: 12_050, matched: 0 },
    { rank: 2, name: 'Sam K.', slug: 'sam-swims', raised: 4_000, matched: 0 },
  ],
  teams: [{ rank: 1, name: 'London Runners', slug: 'london-runners', raised: 16_050, members: 2, matched: 0 }],
};

describe('FriendsGifts', () => {
  it("says plainly what friends gave, in the country's money", async () => {
    stub({ '/api/gift/total/NZ': { gifts: 3, amount: 40, recipient_amounts: [35, 5, 0] } });
    renderWith(<FriendsGifts country="NZ" />);
    expect(await screen.findByTestId('friends-gifts')).toHaveTextContent('Friends have also given $40.00 on participants’ challenge pages (3 gifts).');
  });

  it('speaks pounds in the UK, and one gift in the singular', async () => {
    stub({ '/api/gift/total/UK': { gifts: 1, amount: 12.5, recipient_amounts: [12.5] } });
    renderWith(<FriendsGifts country="UK" />);
    expect(await screen.findByTestId('friends-gifts')).toHaveTextContent('Friends have also given £12.50 on participants’ challenge pages (1 gift).');
  });

  it("says what sponsors' matches added as its own line, in no total; nothing of it while nothing was matched", async () => {
    stub({ '/api/gift/total/NZ': { gifts: 3, amount: 40, recipient_amounts: [35, 5, 0], matched: 25 } });
    renderWith(<FriendsGifts country="NZ" />);
    expect(await screen.findByTestId('friends-matched')).toHaveTextContent('Sponsors’ matches have added $25.00 more.');
    expect(screen.getByTestId('friends-gifts')).toHaveTextContent('Friends have also given $40.00 on participants’ challenge pages (3 gifts).');
  });

  it('a match on pledge payments alone: the matched line without the friends’ one', async () => {
    stub({ '/api/gift/total/UK': { gifts: 0, amount: 0, recipient_amounts: [0], matched: 7.5 } });
    renderWith(<FriendsGifts country="UK" />);
    expect(await screen.findByTestId('friends-matched')).toHaveTextContent('Sponsors’ matches have added £7.50 more.');
    expect(screen.queryByTestId('friends-gifts')).toBeNull();
  });

  it('says nothing while no friend has given', async () => {
    stub({ '/api/gift/total/NZ': { gifts: 0, amount: 0, recipient_amounts: [0, 0, 0], matched: 0 } });
    const { container } = renderWith(<FriendsGifts country="NZ" />);
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});

describe('FriendsGive', () => {
  afterEach(() => document.querySelector('.hero')?.remove());

  it("puts the friends' figure in the hero's slot, also when the slot appears later, and the leaderboard below", async () => {
    stub({
      '/api/gift/total/UK': { gifts: 2, amount: 30, recipient_amounts: [30] },
      '/api/leaderboards?country=UK': board,
    });
    const hero = document.createElement('section');
    hero.className = 'hero';
    document.body.append(hero);
    renderWith(<FriendsGive country="UK" />);
    expect(await screen.findByRole('region', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.queryByTestId('friends-gifts')).toBeNull();
    // The campaign has started: the hero shows its slot.
    const slot = document.createElement('div');
    slot.id = 'friends-gifts';
    hero.append(slot);
    expect(await within(slot).findByTestId('friends-gifts')).toHaveTextContent('Friends have also given £30.00 on participants’ challenge pages (2 gifts).');
  });
});

describe('Leaderboard', () => {
  it('lists the top participants and teams in order, linking to their pages, in pounds for the UK', async () => {
    stub({ '/api/leaderboards?country=UK': board });
    renderWith(<Leaderboard country="UK" />);
    const section = await screen.findByRole('region', { name: 'Leaderboard' });
    const people = await within(section).findByRole('list', { name: 'Top participants' });
    const items = within(people).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Olivia S. £120.50', 'Sam K. £40.00']);
    expect(within(items[0]!).getByRole('link', { name: 'Olivia S.' })).toHaveAttribute('href', '/p/olivia-runs');
    const teams = within(section).getByRole('list', { name: 'Top teams' });
    expect(within(teams).getByRole('listitem')).toHaveTextContent('London Runners £160.50 (2 members)');
    expect(within(teams).getByRole('link', { name: 'London Runners' })).toHaveAttribute('href', '/t/london-runners');
    // Raised is money received, never an unpaid pledge (product-rules §21).
    expect(within(section).getByText(/^What each participant raised: the money received, their pledge’s payments and their friends’ gifts\./)).toBeInTheDocument();
    expect(section).not.toHaveTextContent('matched');
  });

  it("shows what sponsors' matches added as its own line beside what was raised, never in it", async () => {
    const matched: LeaderboardResponse = {
      ...board,
      pages: [{ ...board.pages[0]!, matched: 5_000 }, board.pages[1]!],
      teams: [{ ...board.teams[0]!, matched: 5_000 }],
    };
    stub({ '/api/leaderboards?country=UK': matched });
    renderWith(<Leaderboard country="UK" />);
    const section = await screen.findByRole('region', { name: 'Leaderboard' });
    const people = await within(section).findByRole('list', { name: 'Top participants' });
    expect(within(people).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Olivia S. £120.50 + £50.00 matched', 'Sam K. £40.00']);
    expect(within(section).getByRole('list', { name: 'Top teams' })).toHaveTextContent('London Runners £160.50 (2 members) + £50.00 matched');
    expect(within(section).getByText(/What sponsors’ matches added is shown apart\./)).toBeInTheDocument();
  });

  it('invites to make a page when no one has opted in (docs/decisions/167)', async () => {
    stub({ '/api/leaderboards?country=NZ': { country: 'NZ', campaign_id: 1, pages: [], teams: [] } });
    renderWith(<Leaderboard country="NZ" />);
    const empty = await screen.findByTestId('leaderboard-empty');
    expect(empty).toHaveTextContent('No one is on the leaderboard yet: your page could be the first.');
    expect(within(empty).getByRole('link', { name: 'make your challenge page' })).toHaveAttribute('href', '/my-page');
  });
});
