import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaderboardPage } from './leaderboard-page';

afterEach(() => vi.unstubAllGlobals());

describe('LeaderboardPage', () => {
  it("shows the chosen country's leaderboard under a page heading, with links to both countries", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url === '/api/campaign/closest/UK')
          return new Response(JSON.stringify({ id: 2, campaign_name: 'UK Uplift Challenge', country: 'UK', start_date: '2026-11-20', end_date: '2026-12-20', billing_start_date: '2026-11-23', is_active: true, goal_amount: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        return new Response(JSON.stringify({ country: 'UK', campaign_id: 2, pages: [{ rank: 1, name: 'Olivia S.', slug: 'olivia-runs', raised: 5000, matched: 0 }], teams: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/leaderboard', element: <LeaderboardPage /> }], { initialEntries: ['/leaderboard?country=UK'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    expect(await screen.findByText('£50.00')).toBeInTheDocument();
    expect(urls.sort()).toEqual(['/api/campaign/closest/UK', '/api/leaderboards?country=UK']);
    expect(await screen.findByTestId('leaderboard-campaign')).toHaveTextContent('UK Uplift Challenge: Friday 20 November 2026 to Sunday 20 December 2026');
    expect(screen.getByRole('link', { name: 'United Kingdom' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'New Zealand' })).toHaveAttribute('href', '/leaderboard?country=NZ');
  });
});
