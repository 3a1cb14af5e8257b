import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { asMinor } from '@uplift/core/money';
import type { Campaign } from '@uplift/core/schemas/campaign';
import type { Challenge } from '@uplift/core/schemas/challenge';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CampaignCountdown } from './campaign-countdown';
import { ChallengeSwitcher } from './challenge-switcher';
import { resetLandingChallenge } from './landing-choice';

// The landing page's Join carries its country and the switcher's pick into the wizard
// (docs/decisions/124), in the router state: the link's href stays '/challenge'.

const NOW = new Date('2026-11-23T09:00:00Z');
const campaign: Campaign = {
  id: 1,
  campaign_name: 'November Uplift Challenge',
  start_date: '2026-11-20',
  end_date: '2026-12-20',
  billing_start_date: '2026-11-25',
  billing_cycle: 'Weekly',
  is_active: true,
  country: 'NZ',
  goal_amount: null,
};
const challenge = (id: number, name: string): Challenge =>
  ({
    id,
    name,
    landing_page_icon: 'coffee',
    icon: 'coffee',
    unit: name.toLowerCase(),
    description: `Give up ${name.toLowerCase()}`,
    hashtag: `#${name}`,
    hashtag_link: 'https://example.org',
    kind: 'units',
    is_enabled: true,
  }) as Challenge;

function Wizard() {
  return <p data-testid="carried">{JSON.stringify(useLocation().state)}</p>;
}

function landing(country: 'NZ' | 'UK' = 'NZ') {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <CampaignCountdown country={country} campaign={{ ...campaign, country }} totals={{ pledges: 5, amountMinor: asMinor(69000) }} now={NOW} />
              <ChallengeSwitcher country={country} challenges={[challenge(3, 'Coffees'), challenge(4, 'Lunches')]} />
            </>
          }
        />
        <Route path="/challenge" element={<Wizard />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

afterEach(() => resetLandingChallenge());

describe("the landing page's Join", () => {
  it('carries the country alone when no challenge was picked (the first icon shown is not a pick)', async () => {
    const user = landing();
    const join = screen.getByRole('link', { name: 'Join the November Uplift Challenge' });
    expect(join).toHaveAttribute('href', '/challenge');
    await user.click(join);
    expect(JSON.parse(screen.getByTestId('carried').textContent!)).toEqual({ country: 'NZ', challengeId: null });
  });

  it('carries the challenge picked in the switcher, by click or by arrow key', async () => {
    const user = landing();
    await user.click(screen.getByRole('tab', { name: 'Lunches' }));
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{ArrowRight}');
    await user.click(screen.getByRole('link', { name: 'Join the November Uplift Challenge' }));
    expect(JSON.parse(screen.getByTestId('carried').textContent!)).toEqual({ country: 'NZ', challengeId: 4 });
  });
});
