import { MSG } from '@uplift/core/messages';
import type { AdminCampaign } from '@uplift/core/schemas/campaign';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { CampaignTable } from './campaign-table';

const november: AdminCampaign = {
  id: 1,
  campaign_name: 'November Uplift Challenge',
  start_date: '2026-11-20',
  end_date: '2026-12-20',
  billing_start_date: '2026-11-25',
  billing_cycle: 'Weekly',
  is_active: true,
  country: 'NZ',
  goal_amount: 5000,
  pledge_count: 5,
};

describe('CampaignTable', () => {
  beforeAll(() => {
    // jsdom has no modal dialogs; the shared Dialog only needs these two to toggle `open`.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows every campaign with its columns', async () => {
    stubFetch({ 'GET /api/campaign/': { status: 200, body: [november] } });
    renderAt(<CampaignTable />, '/admin-campaign');
    const row = (await screen.findByText('November Uplift Challenge')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '1', 'November Uplift Challenge', 'New Zealand', '20/11/2026', '20/12/2026', '25/11/2026', 'Yes', '$5,000.00',
      'EditDeleteReportThis campaign has pledges, so it cannot be deleted. Deactivate it instead.',
    ]);
  });

  it('offers Delete on a pledged campaign disabled, with the reason beside it', async () => {
    const empty = { ...november, id: 2, campaign_name: 'December Giving Challenge', pledge_count: 0 };
    stubFetch({ 'GET /api/campaign/': { status: 200, body: [november, empty] } });
    renderAt(<CampaignTable />, '/admin-campaign');
    const pledged = await screen.findByRole('button', { name: 'Delete campaign 1' });
    expect(pledged).toBeDisabled();
    const reason = document.getElementById(pledged.getAttribute('aria-describedby') ?? '');
    expect(reason).toHaveTextContent('This campaign has pledges, so it cannot be deleted. Deactivate it instead.');
    expect(reason).toBeVisible();
    const user = userEvent.setup();
    await user.click(pledged);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A campaign nobody pledged to is offered Delete, without a reason.
    const free = screen.getByRole('button', { name: 'Delete campaign 2' });
    expect(free).toBeEnabled();
    expect(free).not.toHaveAttribute('aria-describedby');
  });

  it("checks a new row before sending it: 'Could not add campaign' with the reason", async () => {
    const calls = stubFetch({ 'GET /api/campaign/': { status: 200, body: [] } });
    renderAt(<CampaignTable />, '/admin-campaign');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add campaign' }));
    await user.type(screen.getByLabelText('Campaign name, new campaign'), 'Uplift Challenge{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.addCampaignFailed);
    expect(alert).toHaveTextContent(MSG.campaignNameFormat);
    expect(calls.filter((c) => c.key === 'POST /api/campaign')).toHaveLength(0);
  });

  it('sends a new row as the product-rules §7 body and shows it', async () => {
    const created = { ...november, id: 2, campaign_name: 'December Giving Challenge', country: 'UK' as const, pledge_count: 0 };
    const calls = stubFetch({
      'GET /api/campaign/': [
        { status: 200, body: [november] },
        { status: 200, body: [november, created] },
      ],
      'POST /api/campaign': { status: 201, body: created },
    });
    renderAt(<CampaignTable />, '/admin-campaign');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add campaign' }));
    await user.type(screen.getByLabelText('Campaign name, new campaign'), 'December Giving Challenge');
    await user.selectOptions(screen.getByLabelText('Country, new campaign'), 'UK');
    await user.type(screen.getByLabelText('Start date, new campaign'), '2026-11-20');
    await user.type(screen.getByLabelText('End date, new campaign'), '2026-12-20');
    await user.type(screen.getByLabelText('Billing start date, new campaign'), '2026-11-25');
    await user.type(screen.getByLabelText('Goal in the campaign’s currency, new campaign'), '12,500.50');
    await user.click(screen.getByRole('button', { name: 'Save new campaign' }));
    expect(await screen.findByText('Added campaign 2: December Giving Challenge')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/campaign')!.body).toEqual({
      campaign_name: 'December Giving Challenge',
      country: 'UK',
      start_date: '2026-11-20',
      end_date: '2026-12-20',
      billing_start_date: '2026-11-25',
      is_active: true,
      billing_cycle: 'Weekly',
      goal_amount: 12500.5,
    });
    expect(await screen.findByRole('button', { name: 'Edit campaign 2' })).toHaveFocus();
  });

  it('refuses a goal that is not an amount on its field, and keeps an empty goal as none', async () => {
    const calls = stubFetch({ 'GET /api/campaign/': { status: 200, body: [november] }, 'PUT /api/campaign/1': { status: 200, body: { ...november, goal_amount: null } } });
    renderAt(<CampaignTable />, '/admin-campaign');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit campaign 1' }));
    const goal = screen.getByLabelText('Goal in the campaign’s currency, campaign 1');
    expect(goal).toHaveValue('5000');
    await user.clear(goal);
    await user.type(goal, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save campaign 1' }));
    expect(goal).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(goal.getAttribute('aria-describedby')!)).toHaveTextContent(MSG.campaignGoalInvalid);
    expect(calls.filter((c) => c.key === 'PUT /api/campaign/1')).toHaveLength(0);
    await user.clear(goal);
    await user.click(screen.getByRole('button', { name: 'Save campaign 1' }));
    await screen.findByText('Saved campaign 1: November Uplift Challenge');
    expect(calls.find((c) => c.key === 'PUT /api/campaign/1')!.body).toMatchObject({ goal_amount: null });
  });

  it("asks before deleting, then shows 'Could not delete campaign' with the server's reason", async () => {
    // A donor pledged after the table was loaded: the server refuses and says why.
    const reason = 'This campaign has 1 pledge, so it cannot be deleted. Deactivate it instead.';
    stubFetch({
      'GET /api/campaign/': { status: 200, body: [{ ...november, pledge_count: 0 }] },
      'DELETE /api/campaign/1': { status: 409, body: { message: reason, code: 'campaign.has_pledges' } },
    });
    renderAt(<CampaignTable />, '/admin-campaign');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete campaign 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete November Uplift Challenge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete campaign' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.deleteCampaignFailed);
    expect(alert).toHaveTextContent(reason);
  });

  it("shows the server's message after deactivating, or 'Could not deactivate campaigns'", async () => {
    stubFetch({
      'GET /api/campaign/': { status: 200, body: [november] },
      'POST /api/campaign/deactivate': [
        { status: 200, body: { message: 'Deactivated 3 past campaigns', count: 3 } },
        { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } },
      ],
    });
    renderAt(<CampaignTable />, '/admin-campaign');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Past Campaigns' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deactivated 3 past campaigns');
    await user.click(screen.getByRole('button', { name: 'Deactivate Past Campaigns' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.deactivateCampaignsFailed);
    expect(alert).toHaveTextContent('Something went wrong on our side.');
  });

  it("shows the fetch error when the list can't load", async () => {
    stubFetch({ 'GET /api/campaign/': { status: 403, body: { message: 'You do not have permission to do that' } } });
    renderAt(<CampaignTable />, '/admin-campaign');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do that');
  });
});
