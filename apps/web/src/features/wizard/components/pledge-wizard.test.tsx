import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markAnonymous } from '../../../lib/session';
import { BASE_REPLIES, coffees, commutes, NOW, nzCampaign, stubApi, ukCampaign } from '../model/wizard-test-kit';
import { EMPTY_CALCULATOR, loadWizardState, saveWizardState } from '../model/wizard-state';
import { PledgeWizard } from './pledge-wizard';

// The wizard on screen (docs/decisions/124): what the landing page's Join carries in, the
// calculator's one message and its Enter key, the registration's country, the choice groups'
// single tab stop.

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

function renderWizard(url: string, state?: unknown) {
  stubApi(BASE_REPLIES);
  const registration = vi.fn((_pledge: unknown, country: string) => <p>Registration form for {country}</p>);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const [pathname, search] = url.split('?') as [string, string | undefined];
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
        <PledgeWizard renderRegistration={registration} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { registration, user: userEvent.setup() };
}

// The first render of the file loads every module: on a busy machine it takes more than findBy's default second.
const heading = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 5_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
  markAnonymous();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PledgeWizard: what the landing page chose', () => {
  it("opens on the calculator with the landing page's country and challenge chosen", async () => {
    renderWizard('/challenge', { country: 'NZ', challengeId: coffees.id });
    expect(await heading('Calculate pledge amount')).toBeInTheDocument();
    expect(screen.getByLabelText('Number of coffees per week')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?step=2'));
    expect(loadWizardState()).toMatchObject({ campaignId: nzCampaign.id, challengeId: coffees.id });
  });

  it("with only the country, opens on the challenges with that country's campaign chosen", async () => {
    saveWizardState({ campaignId: nzCampaign.id, challengeId: commutes.id, recipientId: 5, calculator: EMPTY_CALCULATOR });
    const { user } = renderWizard('/challenge', { country: 'UK', challengeId: null });
    expect(await heading('Choose challenges')).toBeInTheDocument();
    // Another country: the other country's challenge and charity are not kept.
    expect(loadWizardState()).toMatchObject({ campaignId: ukCampaign.id, challengeId: null, recipientId: null });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: /United Kingdom/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('without anything carried, starts on the first step as before', async () => {
    renderWizard('/challenge');
    expect(await heading('Choose campaign')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /New Zealand/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('where')).toHaveTextContent(/^$/);
  });
});

describe('PledgeWizard: the calculator', () => {
  beforeEach(() => saveWizardState({ campaignId: nzCampaign.id, challengeId: coffees.id, recipientId: null, calculator: EMPTY_CALCULATOR }));

  it('a refused Next shows the minimum message once, not again under the step', async () => {
    const { user } = renderWizard('/challenge?step=2');
    await user.type(await screen.findByLabelText('Number of coffees per week'), '1');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '2');
    await user.click(screen.getByRole('button', { name: 'Choose cause' }));
    expect(screen.getAllByText('Please ensure your pledge is at least $10')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Calculate pledge amount' })).toBeInTheDocument();
  });

  it('Enter goes from field to field, then on to the next step', async () => {
    const { user } = renderWizard('/challenge?step=2');
    await user.type(await screen.findByLabelText('Number of coffees per week'), '5{Enter}');
    expect(screen.getByLabelText('Cost of each one ($)')).toHaveFocus();
    await user.keyboard('3.50{Enter}');
    expect(await heading('Choose cause')).toBeInTheDocument();
  });
});

describe('PledgeWizard: the registration step', () => {
  it("presets the registration's country from the campaign's", async () => {
    saveWizardState({ campaignId: nzCampaign.id, challengeId: coffees.id, recipientId: 5, calculator: { ...EMPTY_CALCULATOR, frequency: '5', cost: '3.50' } });
    const { registration } = renderWizard('/challenge?step=4');
    expect(await screen.findByText('Registration form for NZ')).toBeInTheDocument();
    expect(registration).toHaveBeenLastCalledWith(expect.objectContaining({ campaign_id: nzCampaign.id }), 'NZ');
  });

  it("adds no Finish beside the form's own Register: one primary action (docs/decisions/157)", async () => {
    saveWizardState({ campaignId: nzCampaign.id, challengeId: coffees.id, recipientId: 5, calculator: { ...EMPTY_CALCULATOR, frequency: '5', cost: '3.50' } });
    renderWizard('/challenge?step=4');
    expect(await screen.findByText('Registration form for NZ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
    // Back stays, as the one secondary way out of the step.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Back']);
  });
});

describe('PledgeWizard: keyboard', () => {
  it('each choice group is one tab stop; arrows move, Space chooses and focus stays on the choice', async () => {
    const { user } = renderWizard('/challenge?step=0');
    const campaigns = within(await screen.findByRole('list', { name: 'Campaigns' }));
    const nz = campaigns.getByRole('button', { name: /New Zealand/ });
    const uk = campaigns.getByRole('button', { name: /United Kingdom/ });
    await user.tab();
    expect(nz).toHaveFocus();
    await user.tab();
    // Past the group in one Tab: the next stop is the step's button.
    expect(screen.getByRole('button', { name: 'Choose challenges' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(nz).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(uk).toHaveFocus();
    await user.keyboard(' ');
    expect(uk).toHaveAttribute('aria-pressed', 'true');
    expect(uk).toHaveFocus();
    await user.keyboard('{Enter}{ArrowLeft}');
    expect(nz).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(nz).toHaveAttribute('aria-pressed', 'true');
    expect(nz).toHaveFocus();
  });

  it("the challenge cards' Join buttons are one stop among the cards' links, in screen order", async () => {
    saveWizardState({ campaignId: nzCampaign.id, challengeId: commutes.id, recipientId: null, calculator: EMPTY_CALCULATOR });
    const { user } = renderWizard('/challenge?step=1');
    const cards = within(await screen.findByRole('list', { name: 'Challenges' })).getAllByRole('listitem');
    const coffeeCard = within(cards[0]!);
    const commuteCard = within(cards[1]!);
    await user.tab(); // coffees' hashtag link
    expect(coffeeCard.getByRole('link')).toHaveFocus();
    await user.tab(); // coffees' Join is not the group's stop: the chosen commute's is, after its link
    expect(commuteCard.getByRole('link')).toHaveFocus();
    await user.tab();
    expect(commuteCard.getByRole('button', { name: 'Join' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(coffeeCard.getByRole('button', { name: 'Join' })).toHaveFocus();
  });
});
