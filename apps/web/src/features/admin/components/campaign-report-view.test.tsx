import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYOUT_MESSAGES, type CampaignReport, type Payout } from '@uplift/core/schemas/campaign-report';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { CampaignReportView } from './campaign-report-view';

// The payout form and the corrections of decision 122: every problem at its field at once, the
// API's refusal (more than is owed) at the amount.

const figures = { pledges: 1, donors: 1, pledged: 70, collected: 35, refunded: 0, failed: 0, cancelled: 0, fee_cover: 0, fees: 1.62, friends_gifts: 0, friends_gift_count: 0, net: 33.38 };
const report: CampaignReport = {
  campaign: { id: 7, campaign_name: 'November Uplift Challenge', country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20' },
  charities: [{ recipient_id: 4, recipient_name: 'KidsCan', is_enabled: true, ...figures, paid_out: 0, owed: 33.38, owed_back: 0 }],
  challenges: [],
  total: { ...figures, paid_out: 0, owed: 33.38, owed_back: 0 },
  days: [],
};
const paid: Payout = {
  id: 11,
  campaign_id: 7,
  recipient_id: 4,
  recipient_name: 'KidsCan',
  amount: 20,
  paid_on: '2026-12-01',
  reference: 'BANK-20',
  admin_user_id: 1,
  created_at: '2026-12-01T01:00:00.000Z',
  corrects_payout_id: null,
  reason: null,
};
/** No match funds (the report's match block reads them apart: docs/decisions/162). */
const NO_MATCHES = { status: 200, body: { matches: [] } };
const owedMessage = 'You can record at most $33.38: that is what is still owed to KidsCan for this campaign.';

function describedBy(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('CampaignReportView payouts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every problem of the payout form at once, each at its field, and sends nothing', async () => {
    const calls = stubFetch({
      'GET /api/admin/campaigns/7/matches': NO_MATCHES,
      'GET /api/admin/campaigns/7/report': { status: 200, body: report },
      'GET /api/admin/campaigns/7/payouts': { status: 200, body: { payouts: [] } },
    });
    renderAt(<CampaignReportView campaignId={7} />, '/admin-campaign/7/report');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount ($)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Record payout' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not record payout');
    expect(alert).toHaveTextContent('Please correct the fields marked in red.');
    expect(describedBy(screen.getByLabelText('Charity'))).toBe(PAYOUT_MESSAGES.recipientInvalid);
    expect(describedBy(screen.getByLabelText('Amount ($)'))).toBe(PAYOUT_MESSAGES.amountInvalid);
    expect(describedBy(screen.getByLabelText('Date paid'))).toBe(PAYOUT_MESSAGES.dateInvalid);
    expect(describedBy(screen.getByLabelText('Reference'))).toBe(PAYOUT_MESSAGES.referenceRequired);
    expect(screen.getByLabelText('Charity')).toHaveFocus();

    await user.clear(screen.getByLabelText('Amount ($)'));
    await user.type(screen.getByLabelText('Amount ($)'), '99999999');
    await user.click(screen.getByRole('button', { name: 'Record payout' }));
    expect(describedBy(screen.getByLabelText('Amount ($)'))).toBe(PAYOUT_MESSAGES.amountTooLarge);
    expect(calls.filter((c) => c.key === 'POST /api/admin/campaigns/7/payouts')).toEqual([]);
  });

  it('shows what is owed beside the amount, and the refusal of more than that at the amount', async () => {
    const calls = stubFetch({
      'GET /api/admin/campaigns/7/matches': NO_MATCHES,
      'GET /api/admin/campaigns/7/report': { status: 200, body: report },
      'GET /api/admin/campaigns/7/payouts': { status: 200, body: { payouts: [] } },
      'POST /api/admin/campaigns/7/payouts': { status: 409, body: { code: 'payout.more_than_owed', message: owedMessage } },
    });
    renderAt(<CampaignReportView campaignId={7} />, '/admin-campaign/7/report');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Charity'), 'KidsCan');
    expect(describedBy(screen.getByLabelText('Amount ($)'))).toBe('Still owed to KidsCan: $33.38');
    await user.type(screen.getByLabelText('Amount ($)'), '500');
    await user.type(screen.getByLabelText('Date paid'), '2026-12-15');
    await user.type(screen.getByLabelText('Reference'), 'BANK-500');
    await user.click(screen.getByRole('button', { name: 'Record payout' }));

    const amount = screen.getByLabelText('Amount ($)');
    expect(await screen.findByText(owedMessage)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(amount)).toContain(owedMessage);
    expect(amount).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not record payout');
    expect(calls.filter((c) => c.key === 'POST /api/admin/campaigns/7/payouts').map((c) => c.body)).toEqual([
      { recipient_id: 4, amount: 500, paid_on: '2026-12-15', reference: 'BANK-500' },
    ]);
  });

  it('corrects a payout with a reason: both fields checked at once, then sent', async () => {
    const correction: Payout = { ...paid, id: 12, amount: -5, paid_on: '2026-12-02', corrects_payout_id: 11, reason: 'Typed 20 for 15' };
    const calls = stubFetch({
      'GET /api/admin/campaigns/7/matches': NO_MATCHES,
      'GET /api/admin/campaigns/7/report': { status: 200, body: report },
      'GET /api/admin/campaigns/7/payouts': [
        { status: 200, body: { payouts: [paid] } },
        { status: 200, body: { payouts: [correction, paid] } },
      ],
      'POST /api/admin/campaigns/7/payouts/11/corrections': { status: 201, body: correction },
    });
    renderAt(<CampaignReportView campaignId={7} />, '/admin-campaign/7/report');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Correct the payout of $20.00 to KidsCan (BANK-20)' }));
    expect(screen.getByRole('heading', { name: 'Correct the payout of $20.00 to KidsCan (BANK-20)' })).toHaveFocus();
    expect(describedBy(screen.getByLabelText('Amount to take back ($)'))).toBe('At most $20.00 is left of this payout');
    await user.click(screen.getByRole('button', { name: 'Record correction' }));
    expect(describedBy(screen.getByLabelText('Amount to take back ($)'))).toContain(PAYOUT_MESSAGES.correctionAmountInvalid);
    expect(describedBy(screen.getByLabelText('Reason'))).toBe(PAYOUT_MESSAGES.reasonRequired);

    await user.type(screen.getByLabelText('Amount to take back ($)'), '5');
    await user.type(screen.getByLabelText('Reason'), 'Typed 20 for 15');
    await user.click(screen.getByRole('button', { name: 'Record correction' }));
    expect(await screen.findByText('Took back $5.00 of the payout to KidsCan (BANK-20)')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/admin/campaigns/7/payouts/11/corrections').map((c) => c.body)).toEqual([
      { amount: 5, reason: 'Typed 20 for 15' },
    ]);
    // The correction is listed beside its payout, with its reason; what is left of the payout can still be corrected.
    expect(await screen.findByText(/Correction of the \$20\.00 payout of 01\/12\/2026: Typed 20 for 15/)).toBeInTheDocument();
    const rows = within(screen.getByRole('region', { name: 'Payouts' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('-$5.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Correct the payout of $20.00 to KidsCan (BANK-20)' })).toBeEnabled();
  });
});

describe("CampaignReportView friends' gifts (docs/decisions/140-leaderboards.md)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows friends' gifts per charity and in the total, and no such column for challenges", async () => {
    const withGifts = { ...figures, fees: 2.21, friends_gifts: 10, friends_gift_count: 1, net: 42.79 };
    stubFetch({
      'GET /api/admin/campaigns/7/matches': NO_MATCHES,
      'GET /api/admin/campaigns/7/report': {
        status: 200,
        body: {
          ...report,
          charities: [{ ...report.charities[0]!, ...withGifts, owed: 42.79 }],
          challenges: [{ challenge_id: 1, name: 'Coffees', ...figures }],
          total: { ...report.total, ...withGifts, owed: 42.79 },
        },
      },
      'GET /api/admin/campaigns/7/payouts': { status: 200, body: { payouts: [] } },
    });
    renderAt(<CampaignReportView campaignId={7} />, '/admin-campaign/7/report');
    const charities = await screen.findByRole('region', { name: 'Figures per charity' });
    const headers = within(charities).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(headers.indexOf('Est. card fees'), headers.indexOf('Est. card fees') + 3)).toEqual(['Est. card fees', 'Friends’ gifts', 'Net to pass on']);
    const kidsCan = within(charities).getByRole('row', { name: /KidsCan/ });
    expect(within(kidsCan).getAllByRole('cell').map((c) => c.textContent)).toContain('$10.00');
    const challenges = screen.getByRole('region', { name: 'Figures per challenge' });
    expect(within(challenges).queryByRole('columnheader', { name: 'Friends’ gifts' })).toBeNull();
  });
});

describe('CampaignReportView match funds (docs/product-rules.md §23, docs/decisions/162)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each match’s matched, left and owed per charity, links the Matches screen, and downloads the sponsor’s CSV', async () => {
    const acme = {
      id: 3,
      campaign_id: 7,
      sponsor_name: 'Acme',
      sponsor_logo_url: null,
      sponsor_link: null,
      ratio: 1,
      cap_minor: 5000,
      matched_minor: 5000,
      left_minor: 0,
      starts_at: '2026-11-19T11:00:00.000Z',
      ends_at: '2026-12-20T10:59:59.000Z',
      applies_to: 'gifts',
      recipient_id: null,
      team_id: null,
      page_id: null,
      status: 'active',
      created_at: '2026-11-19T11:00:00.000Z',
      owed: [{ recipient_id: 4, recipient_name: 'KidsCan', owed_minor: 5000 }],
    };
    const calls = stubFetch({
      'GET /api/admin/campaigns/7/matches': { status: 200, body: { matches: [acme] } },
      'GET /api/admin/campaigns/7/report': { status: 200, body: report },
      'GET /api/admin/campaigns/7/payouts': { status: 200, body: { payouts: [] } },
      'GET /api/admin/matches/3/matched.csv': { status: 200, body: 'receipt_number' },
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderAt(<CampaignReportView campaignId={7} />, '/admin-campaign/7/report');
    const block = await screen.findByRole('region', { name: 'Matches and what sponsors owe' });
    const row = within(block).getByRole('row', { name: /Acme/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$50.00', '$50.00', '$0.00', 'KidsCan: $50.00', 'Download sponsor CSV']);
    expect(screen.getByRole('link', { name: 'Add, edit, pause or end matches' })).toHaveAttribute('href', '/admin-campaign/7/matches');
    await userEvent.click(within(row).getByRole('button', { name: 'Download Acme’s sponsor CSV' }));
    expect(calls.some((c) => c.key === 'GET /api/admin/matches/3/matched.csv')).toBe(true);
  });
});
