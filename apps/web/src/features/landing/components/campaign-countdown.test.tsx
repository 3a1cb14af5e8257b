import { render, screen } from '@testing-library/react';
import { asMinor } from '@uplift/core/money';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '@uplift/core/schemas/campaign';
import { CampaignCountdown } from './campaign-countdown';

// 2026-11-23 09:00 UTC: the 23rd in London, 22:00 on the 23rd in Auckland.
const NOW = new Date('2026-11-23T09:00:00Z');

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: 1,
  campaign_name: 'November Uplift Challenge',
  start_date: '2026-11-20',
  end_date: '2026-12-20',
  billing_start_date: '2026-11-25',
  billing_cycle: 'Weekly',
  is_active: true,
  country: 'NZ',
  goal_amount: null,
  ...over,
});

function show(props: Partial<Parameters<typeof CampaignCountdown>[0]>) {
  return render(
    <MemoryRouter>
      <CampaignCountdown country="NZ" campaign={campaign()} totals={{ pledges: 5, amountMinor: asMinor(69000) }} now={NOW} {...props} />
    </MemoryRouter>,
  );
}

describe('CampaignCountdown', () => {
  it('after the start: the live count and amount, and the Join button', () => {
    show({ totals: { pledges: 12, amountMinor: asMinor(69000) } });
    expect(screen.getByTestId('countdown')).toHaveTextContent("The campaign has started, join 12 others who've pledged $690.00!");
    expect(screen.getByRole('link', { name: 'Join the November Uplift Challenge' })).toHaveAttribute('href', '/challenge');
  });

  it('with a goal: a bar toward it and the figures in words, past 100 % when the goal is passed', () => {
    const { unmount } = show({ campaign: campaign({ goal_amount: 2000 }) });
    const bar = screen.getByRole('progressbar', { name: 'Pledged toward the campaign’s goal' });
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['69000', '200000']);
    expect(screen.getByText(/pledged of the/)).toHaveTextContent('$690.00 pledged of the $2,000.00 goal (34%)');
    unmount();
    show({ campaign: campaign({ goal_amount: 500 }) });
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50000');
    expect(screen.getByText(/pledged of the/)).toHaveTextContent('$690.00 pledged of the $500.00 goal (138%)');
  });

  it('without a goal, or before the start: no bar', () => {
    const { unmount } = show({});
    expect(screen.queryByRole('progressbar')).toBeNull();
    unmount();
    show({ campaign: campaign({ goal_amount: 2000, start_date: '2026-11-28', end_date: '2026-12-28' }) });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('before the start: days to go in the country’s own calendar, in pounds for the UK', () => {
    show({ country: 'UK', campaign: campaign({ country: 'UK', start_date: '2026-11-28', end_date: '2026-12-28' }), totals: undefined });
    expect(screen.getByTestId('countdown')).toHaveTextContent('Starting in 5 days');
    expect(screen.getByRole('link', { name: 'Join the November Uplift Challenge' })).toBeInTheDocument();
  });

  it('invites while few have pledged, without the small sum (docs/decisions/167)', () => {
    show({});
    expect(screen.getByTestId('countdown')).toHaveTextContent('The campaign has started: be one of the first to pledge and join 5 others!');
  });

  it("reads 'heaps of' when nothing is counted yet, or the totals could not be read", () => {
    const { rerender } = show({ totals: { pledges: 0, amountMinor: asMinor(0) } });
    expect(screen.getByTestId('countdown')).toHaveTextContent("join heaps of others who've pledged heaps!");
    rerender(
      <MemoryRouter>
        <CampaignCountdown country="NZ" campaign={campaign()} totals={null} now={NOW} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('countdown')).toHaveTextContent('heaps of');
  });

  it('waits for the totals before saying how many have pledged', () => {
    show({ totals: undefined });
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Counting the latest pledges…');
  });

  it('more than 7 days after the start: View my Pledge instead of Join', () => {
    show({ campaign: campaign({ start_date: '2026-11-15' }) });
    expect(screen.getByRole('link', { name: 'View my Pledge' })).toHaveAttribute('href', '/viewPledge');
    expect(screen.queryByRole('link', { name: /^Join/ })).not.toBeInTheDocument();
  });

  it('no Join button for an inactive campaign or on its end date', () => {
    show({ campaign: campaign({ is_active: false }) });
    expect(screen.queryByRole('link', { name: /^Join/ })).not.toBeInTheDocument();
    show({ campaign: campaign({ start_date: '2026-11-19', end_date: '2026-11-23' }) });
    expect(screen.queryAllByRole('link', { name: /^Join/ })).toHaveLength(0);
  });

  it("'Campaign Coming Soon!' when the country has no open campaign", () => {
    show({ campaign: null });
    expect(screen.getByText('Campaign Coming Soon!')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
