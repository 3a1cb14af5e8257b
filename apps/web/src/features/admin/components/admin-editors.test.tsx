import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHALLENGE_MESSAGES, CHARITY_MESSAGES, type AdminChallenge, type AdminCharity } from '@uplift/core/schemas/admin-charities';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { CampaignTable } from './campaign-table';
import { ChallengeManager } from './challenge-manager';
import { CharityManager } from './charity-manager';

// The admin's one editor (useAdminEditor) on its three screens: core's request schemas refuse
// what the API would, each message at its field, a summary in red, nothing sent.

const youthline: AdminCharity = {
  id: 3,
  recipient_name: 'Youthline',
  country: 'NZ',
  logo: '/logos/3.png',
  impact_cost: 12.5,
  impact_unit: 'calls answered',
  impact_unit_singular: 'call answered',
  impact_description: 'calls answered for young people',
  impact_multiplier: 7,
  description: 'Support for young people.',
  link: 'https://www.youthline.co.nz',
  is_enabled: true,
  pledge_count: 4,
  story: '',
  photo: null,
};

const coffees: AdminChallenge = {
  id: 1,
  name: 'Coffees',
  landing_page_icon: 'coffee',
  icon: 'coffee',
  unit: 'coffees',
  description: 'A coffee a day.',
  hashtag: '#NoCoffee',
  hashtag_link: 'https://example.org/coffee',
  kind: 'units',
  is_enabled: true,
  pledge_count: 0,
};

/** The message tied to a field through aria-describedby. */
function describedBy(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const bodiesOf = (calls: { key: string; body: unknown }[], key: string) => calls.filter((c) => c.key === key).map((c) => c.body);

describe('CharityManager', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a new charity without a logo and with an http link, each at its field, and sends nothing', async () => {
    const calls = stubFetch({ 'GET /api/admin/charities': { status: 200, body: [youthline] } });
    renderAt(<CharityManager />, '/admin-charities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add charity' }));
    expect(screen.getByRole('heading', { name: 'Add a charity' })).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'Harbour Food Bank');
    await user.type(screen.getByLabelText(/Impact cost/), '12.505');
    await user.type(screen.getByLabelText('Impact unit'), 'meals');
    await user.type(screen.getByLabelText('Impact unit for one'), 'meal');
    await user.type(screen.getByLabelText('Impact description'), 'families fed');
    await user.type(screen.getByLabelText('Description'), 'Food parcels.');
    await user.clear(screen.getByLabelText('More-info link'));
    await user.type(screen.getByLabelText('More-info link'), 'http://harbourfood.example.org');
    await user.click(screen.getByRole('button', { name: 'Save charity' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not add charity');
    expect(alert).toHaveTextContent('Please correct the fields marked in red.');
    const cost = screen.getByLabelText(/Impact cost/);
    expect(cost).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(cost)).toContain(CHARITY_MESSAGES.impactCostInvalid);
    expect(describedBy(screen.getByLabelText('More-info link'))).toBe(CHARITY_MESSAGES.linkInvalid);
    expect(describedBy(screen.getByLabelText('Logo'))).toContain(CHARITY_MESSAGES.logoRequired);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    // Focus goes to the first field refused.
    expect(cost).toHaveFocus();
    expect(bodiesOf(calls, 'POST /api/admin/charities')).toEqual([]);
  });

  it('sends a new charity with its impact cost as the decimal the API speaks and its logo in base64', async () => {
    const added = { ...youthline, id: 9, recipient_name: 'Harbour Food Bank', impact_cost: 12.5, impact_multiplier: 1, pledge_count: 0 };
    const calls = stubFetch({
      'GET /api/admin/charities': [
        { status: 200, body: [youthline] },
        { status: 200, body: [youthline, added] },
      ],
      'POST /api/admin/charities': { status: 201, body: added },
      'GET /api/admin/recipients': { status: 200, body: [] },
    });
    renderAt(<CharityManager />, '/admin-charities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add charity' }));
    await user.type(screen.getByLabelText('Name'), '  Harbour Food Bank ');
    await user.selectOptions(screen.getByLabelText('Country'), 'UK');
    expect(screen.getByLabelText('Impact cost (£)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Impact cost (£)'), '12.50');
    await user.type(screen.getByLabelText('Impact unit'), 'meals');
    await user.type(screen.getByLabelText('Impact unit for one'), 'meal');
    // What donors will read, from the same figures as their impact numbers.
    expect(screen.getByTestId('impact-preview')).toHaveTextContent('Donors read: “Every £12.50 gives 1 meal”.');
    await user.type(screen.getByLabelText('Impact description'), 'families fed');
    await user.type(screen.getByLabelText('Description'), 'Food parcels.');
    await user.type(screen.getByLabelText('More-info link'), 'harbourfood.example.org');
    await user.upload(screen.getByLabelText('Logo'), new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save charity' }));

    expect(await screen.findByText('Added Harbour Food Bank')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST /api/admin/charities')).toEqual([
      {
        recipient_name: 'Harbour Food Bank',
        country: 'UK',
        impact_cost: 12.5,
        impact_unit: 'meals',
        impact_unit_singular: 'meal',
        impact_description: 'families fed',
        impact_multiplier: 1,
        description: 'Food parcels.',
        link: 'https://harbourfood.example.org',
        is_enabled: true,
        logo_base64: 'iVBORw==',
        story: '',
      },
    ]);
    expect(screen.queryByRole('heading', { name: 'Add a charity' })).not.toBeInTheDocument();
  });

  it('opens an edit with the saved figures and sends the change without a logo', async () => {
    const calls = stubFetch({
      'GET /api/admin/charities': { status: 200, body: [youthline] },
      'PUT /api/admin/charities/3': { status: 200, body: { ...youthline, impact_cost: 15 } },
      'GET /api/admin/recipients': { status: 200, body: [] },
    });
    renderAt(<CharityManager />, '/admin-charities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Youthline' }));
    expect(screen.getByRole('heading', { name: 'Edit Youthline' })).toHaveFocus();
    expect(screen.getByLabelText(/Impact cost/)).toHaveValue('12.50');
    expect(screen.getByLabelText('Impact multiplier')).toHaveValue('7');
    expect(screen.getByTestId('impact-preview')).toHaveTextContent('Donors read: “Every $12.50 gives 7 calls answered”.');
    await user.clear(screen.getByLabelText('Impact multiplier'));
    await user.type(screen.getByLabelText('Impact multiplier'), '1');
    expect(screen.getByTestId('impact-preview')).toHaveTextContent('Donors read: “Every $12.50 gives 1 call answered”.');
    await user.clear(screen.getByLabelText('Impact multiplier'));
    await user.type(screen.getByLabelText('Impact multiplier'), '7');
    await user.clear(screen.getByLabelText(/Impact cost/));
    await user.type(screen.getByLabelText(/Impact cost/), '15');
    await user.click(screen.getByRole('button', { name: 'Save charity' }));

    expect(await screen.findByText('Saved Youthline')).toBeInTheDocument();
    const [body] = bodiesOf(calls, 'PUT /api/admin/charities/3');
    expect(body).toMatchObject({ impact_cost: 15, impact_multiplier: 7, is_enabled: true });
    expect(body).not.toHaveProperty('logo_base64');
  });

  it('refuses an impact description that states a figure, and lists each charity with its impact sentence', async () => {
    const calls = stubFetch({ 'GET /api/admin/charities': { status: 200, body: [youthline] } });
    renderAt(<CharityManager />, '/admin-charities');
    const user = userEvent.setup();
    expect(await screen.findByRole('cell', { name: 'Every $12.50 gives 7 calls answered' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Youthline' }));
    await user.clear(screen.getByLabelText('Impact description'));
    await user.type(screen.getByLabelText('Impact description'), 'Every $10.00 answers two calls');
    await user.click(screen.getByRole('button', { name: 'Save charity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the fields marked in red.');
    expect(describedBy(screen.getByLabelText('Impact description'))).toContain(CHARITY_MESSAGES.impactDescriptionFigures);
    expect(bodiesOf(calls, 'PUT /api/admin/charities/3')).toEqual([]);
  });

  it("shows the API's reason when it refuses the save", async () => {
    stubFetch({
      'GET /api/admin/charities': { status: 200, body: [youthline] },
      'PUT /api/admin/charities/3': { status: 409, body: { message: CHARITY_MESSAGES.duplicateName, code: 'charity.duplicate_name' } },
    });
    renderAt(<CharityManager />, '/admin-charities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Youthline' }));
    await user.click(screen.getByRole('button', { name: 'Save charity' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not save charity');
    expect(alert).toHaveTextContent(CHARITY_MESSAGES.duplicateName);
    expect(screen.getByRole('heading', { name: 'Edit Youthline' })).toBeInTheDocument();
  });
});

describe('CharityManager refused by the API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every field the API refused at its field at once, not only the first', async () => {
    const calls = stubFetch({
      'GET /api/admin/charities': { status: 200, body: [youthline] },
      'PUT /api/admin/charities/3': {
        status: 400,
        body: {
          code: 'validation',
          message: CHARITY_MESSAGES.impactUnitRequired,
          errors: [
            { path: 'impact_unit', message: CHARITY_MESSAGES.impactUnitRequired },
            { path: 'link', message: CHARITY_MESSAGES.linkInvalid },
          ],
        },
      },
    });
    renderAt(<CharityManager />, '/admin-charities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Youthline' }));
    await user.click(screen.getByRole('button', { name: 'Save charity' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not save charity');
    expect(alert).toHaveTextContent('Please correct the fields marked in red.');
    const unit = screen.getByLabelText('Impact unit');
    expect(unit).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(unit)).toContain(CHARITY_MESSAGES.impactUnitRequired);
    expect(screen.getByLabelText('More-info link')).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(screen.getByLabelText('More-info link'))).toBe(CHARITY_MESSAGES.linkInvalid);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(unit).toHaveFocus();
    expect(bodiesOf(calls, 'PUT /api/admin/charities/3')).toHaveLength(1);
  });
});

describe('ChallengeManager', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a missing unit at its field, clears it as it is corrected, then saves', async () => {
    const calls = stubFetch({
      'GET /api/admin/challenges': { status: 200, body: [coffees] },
      'PUT /api/admin/challenges/1': { status: 200, body: { ...coffees, unit: 'flat whites' } },
    });
    renderAt(<ChallengeManager />, '/admin-challenges');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Coffees' }));
    expect(screen.getByRole('heading', { name: 'Edit Coffees' })).toHaveFocus();
    await user.clear(screen.getByLabelText('Unit'));
    await user.clear(screen.getByLabelText('Hashtag'));
    await user.type(screen.getByLabelText('Hashtag'), 'No Coffee');
    await user.click(screen.getByRole('button', { name: 'Save challenge' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not save challenge');
    expect(alert).toHaveTextContent('Please correct the fields marked in red.');
    expect(describedBy(screen.getByLabelText('Unit'))).toContain(CHALLENGE_MESSAGES.unitRequired);
    expect(describedBy(screen.getByLabelText('Hashtag'))).toBe(CHALLENGE_MESSAGES.hashtagInvalid);
    expect(screen.getByLabelText('Unit')).toHaveFocus();

    await user.type(screen.getByLabelText('Unit'), 'flat whites');
    expect(screen.getByLabelText('Unit')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(CHALLENGE_MESSAGES.unitRequired)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Hashtag'));
    await user.type(screen.getByLabelText('Hashtag'), '#NoCoffee');
    await user.click(screen.getByRole('button', { name: 'Save challenge' }));

    expect(await screen.findByText('Saved Coffees')).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT /api/admin/challenges/1')).toEqual([
      {
        name: 'Coffees',
        icon: 'coffee',
        unit: 'flat whites',
        description: 'A coffee a day.',
        hashtag: '#NoCoffee',
        hashtag_link: 'https://example.org/coffee',
        kind: 'units',
        is_enabled: true,
      },
    ]);
  });
});

describe('CampaignTable editor row', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ties a refused date to its input and names the first problem in the red summary', async () => {
    const calls = stubFetch({ 'GET /api/campaign/': { status: 200, body: [] } });
    renderAt(<CampaignTable />, '/admin-campaign');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add campaign' }));
    await user.type(screen.getByLabelText('Campaign name, new campaign'), 'December Giving Challenge');
    await user.type(screen.getByLabelText('Start date, new campaign'), '2026-12-20');
    await user.type(screen.getByLabelText('End date, new campaign'), '2026-12-01');
    await user.type(screen.getByLabelText('Billing start date, new campaign'), '2026-12-03');
    await user.click(screen.getByRole('button', { name: 'Save new campaign' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not add campaign');
    expect(alert).toHaveTextContent('End date must be on or after the start date');
    const end = screen.getByLabelText('End date, new campaign');
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(end)).toBe('End date must be on or after the start date');
    expect(screen.getByLabelText('Campaign name, new campaign')).not.toHaveAttribute('aria-invalid');
    expect(within(screen.getByRole('region', { name: 'Campaigns' })).getAllByRole('row')).toHaveLength(2);
    expect(bodiesOf(calls, 'POST /api/campaign')).toEqual([]);
  });

  it('shows every field the API refused at its own input at once', async () => {
    stubFetch({
      'GET /api/campaign/': { status: 200, body: [] },
      'POST /api/campaign': {
        status: 400,
        body: {
          code: 'validation',
          message: 'Start date must be a real date',
          errors: [
            { path: 'start_date', message: 'Start date must be a real date' },
            { path: 'billing_start_date', message: 'Billing start date must be a real date' },
          ],
        },
      },
    });
    renderAt(<CampaignTable />, '/admin-campaign');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add campaign' }));
    await user.type(screen.getByLabelText('Campaign name, new campaign'), 'December Giving Challenge');
    await user.type(screen.getByLabelText('Start date, new campaign'), '2026-12-01');
    await user.type(screen.getByLabelText('End date, new campaign'), '2026-12-20');
    await user.type(screen.getByLabelText('Billing start date, new campaign'), '2026-12-03');
    await user.click(screen.getByRole('button', { name: 'Save new campaign' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not add campaign');
    expect(alert).toHaveTextContent('Start date must be a real date');
    expect(describedBy(screen.getByLabelText('Start date, new campaign'))).toBe('Start date must be a real date');
    expect(describedBy(screen.getByLabelText('Billing start date, new campaign'))).toBe('Billing start date must be a real date');
    expect(screen.getByLabelText('End date, new campaign')).not.toHaveAttribute('aria-invalid');
  });
});
