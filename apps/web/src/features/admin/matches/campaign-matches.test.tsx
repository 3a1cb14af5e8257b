import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMatch } from '@uplift/core/schemas/match';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { CampaignMatches } from './campaign-matches';

// The admin's Matches screen (docs/product-rules.md §23, docs/decisions/162) against stubbed API
// answers: the list, add (every problem at its field, the API's too), edit with a cap raise,
// the cap refused below what is matched, pause and end.

const campaign = {
  id: 7,
  campaign_name: 'November Uplift Challenge',
  start_date: '2026-11-20',
  end_date: '2026-12-20',
  billing_start_date: '2026-11-23',
  billing_cycle: 'weekly',
  is_active: true,
  country: 'NZ',
  goal_amount: null,
  pledge_count: 3,
};
const charity = { id: 4, recipient_name: 'KidsCan', country: 'NZ', is_enabled: true };

const acme: AdminMatch = {
  id: 3,
  campaign_id: 7,
  sponsor_name: 'Acme',
  sponsor_logo_url: null,
  sponsor_logo_width: null,
  sponsor_logo_height: null,
  sponsor_link: null,
  ratio: 1,
  cap_minor: 5000,
  matched_minor: 2500,
  left_minor: 2500,
  starts_at: '2026-11-19T11:00:00.000Z',
  ends_at: '2026-12-20T10:59:59.000Z',
  applies_to: 'gifts',
  recipient_id: null,
  team_id: null,
  page_id: null,
  narrowed_to: 'campaign',
  narrowed_name: null,
  narrowed_path: null,
  status: 'active',
  created_at: '2026-11-19T11:00:00.000Z',
  owed: [{ recipient_id: 4, recipient_name: 'KidsCan', owed_minor: 2500 }],
};

const base = {
  'GET /api/campaign/': { status: 200, body: [campaign] },
  'GET /api/admin/charities': { status: 200, body: [charity] },
};

function describedBy(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => vi.unstubAllGlobals());

describe('the Matches screen', () => {
  it('lists each match with matched, left and owed per charity', async () => {
    stubFetch({ ...base, 'GET /api/admin/campaigns/7/matches': { status: 200, body: { matches: [acme] } } });
    renderAt(<CampaignMatches campaignId={7} />, '/admin-campaign/7/matches');
    const row = within(await screen.findByRole('region', { name: 'Matches' })).getByRole('row', { name: /Acme/ });
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual(['1:1', 'Friends’ gifts, the whole campaign', '20/11/2026 to 20/12/2026', '$50.00', '$25.00', '$25.00', 'KidsCan: $25.00', 'Active']);
    expect(screen.getByRole('link', { name: 'The campaign’s report' })).toHaveAttribute('href', '/admin-campaign/7/report');
  });

  it('names what a match is narrowed to, by name, the team’s and page’s address a link; a deleted page matches nothing', async () => {
    const ofTeam = { ...acme, id: 4, sponsor_name: 'Team Co', team_id: 3, narrowed_to: 'team', narrowed_name: 'Fast Five', narrowed_path: '/t/fast-five' } as const;
    const ofPage = { ...acme, id: 5, sponsor_name: 'Page Co', page_id: 9, narrowed_to: 'page', narrowed_name: 'Sam T.', narrowed_path: '/p/sam-runs' } as const;
    const gone = { ...acme, id: 6, sponsor_name: 'Gone Co', narrowed_to: 'page' } as const;
    const ofCharity = { ...acme, id: 8, sponsor_name: 'Kind Co', recipient_id: 4, narrowed_to: 'charity', narrowed_name: 'KidsCan' } as const;
    stubFetch({ ...base, 'GET /api/admin/campaigns/7/matches': { status: 200, body: { matches: [ofTeam, ofPage, gone, ofCharity] } } });
    renderAt(<CampaignMatches campaignId={7} />, '/admin-campaign/7/matches');
    const table = await screen.findByRole('region', { name: 'Matches' });
    const matchesCell = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell')[1]!;
    expect(matchesCell(/Team Co/)).toHaveTextContent('Friends’ gifts, team Fast Five (/t/fast-five)');
    expect(within(matchesCell(/Team Co/)).getByRole('link', { name: '/t/fast-five' })).toHaveAttribute('href', '/t/fast-five');
    expect(matchesCell(/Page Co/)).toHaveTextContent('Friends’ gifts, page Sam T. (/p/sam-runs)');
    expect(within(matchesCell(/Page Co/)).getByRole('link', { name: '/p/sam-runs' })).toHaveAttribute('href', '/p/sam-runs');
    expect(matchesCell(/Gone Co/)).toHaveTextContent('Friends’ gifts, a page since deleted (matches nothing)');
    expect(matchesCell(/Kind Co/)).toHaveTextContent('Friends’ gifts, KidsCan');
    expect(table).not.toHaveTextContent(/team 3|page 9/);
  });

  it('uploads the sponsor’s logo from Edit as a file (the type and size checked first), and removes it', async () => {
    const withLogo = { ...acme, sponsor_logo_url: '/api/matches/3/logo?v=0123456789abcdef', sponsor_logo_width: 96, sponsor_logo_height: 32 };
    const calls = stubFetch({
      ...base,
      'GET /api/admin/campaigns/7/matches': [{ status: 200, body: { matches: [acme] } }, { status: 200, body: { matches: [withLogo] } }, { status: 200, body: { matches: [acme] } }],
      'PUT /api/admin/matches/3/logo': { status: 200, body: withLogo },
      'DELETE /api/admin/matches/3/logo': { status: 200, body: acme },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderAt(<CampaignMatches campaignId={7} />, '/admin-campaign/7/matches');
    await user.click(await screen.findByRole('button', { name: 'Edit Acme’s match' }));
    expect(screen.getByText('No logo yet.')).toBeInTheDocument();
    const file = screen.getByLabelText('Sponsor logo');
    await user.upload(file, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(describedBy(file)).toContain('Sponsor logo: a JPEG, PNG or WebP image');
    await user.upload(file, new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(describedBy(file)).toContain('Sponsor logo: at most 1 MB');
    await user.upload(file, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Preview of the chosen logo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload logo' }));
    expect(await screen.findByText('Logo saved for Acme’s match')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /api/admin/matches/3/logo')!.body).toEqual({ logo_base64: 'iVBORw==' });
    const current = await screen.findByAltText('Acme’s logo');
    expect([current.getAttribute('src'), current.getAttribute('width'), current.getAttribute('height')]).toEqual(['/api/matches/3/logo?v=0123456789abcdef', '96', '32']);
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed from Acme’s match')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'DELETE /api/admin/matches/3/logo')).toBe(true);
    expect(screen.queryByLabelText(/logo \(optional\)/)).not.toBeInTheDocument();
  });

  it('adds a match: core’s problems at their fields first (nothing sent), then the request in minor units and instants of the campaign’s days', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/campaigns/7/matches': [{ status: 200, body: { matches: [] } }, { status: 200, body: { matches: [acme] } }],
      'POST /api/admin/campaigns/7/matches': { status: 201, body: acme },
    });
    const user = userEvent.setup();
    renderAt(<CampaignMatches campaignId={7} />, '/admin-campaign/7/matches');
    expect(await screen.findByText('No matches yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Sponsor link (optional)'), 'http://acme.example');
    await user.type(screen.getByLabelText('Cap ($)'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Add match' }));
    expect(describedBy(screen.getByLabelText('Sponsor name'))).toContain('Sponsor name: write the name givers will read');
    expect(screen.getByLabelText('Sponsor name')).toHaveFocus();
    expect(describedBy(screen.getByLabelText('Sponsor link (optional)'))).toContain('Sponsor link: a web address starting with https://');
    expect(describedBy(screen.getByLabelText('Cap ($)'))).toContain('Cap: an amount from $1.00 to $1,000,000.00');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked in red.');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.type(screen.getByLabelText('Sponsor name'), 'Acme');
    await user.clear(screen.getByLabelText('Sponsor link (optional)'));
    await user.clear(screen.getByLabelText('Cap ($)'));
    await user.type(screen.getByLabelText('Cap ($)'), '50');
    await user.selectOptions(screen.getByLabelText('What it matches'), 'gifts');
    await user.clear(screen.getByLabelText('Starts on'));
    await user.type(screen.getByLabelText('Starts on'), '2026-11-20');
    await user.clear(screen.getByLabelText('Ends on'));
    await user.type(screen.getByLabelText('Ends on'), '2026-12-20');
    await user.click(screen.getByRole('button', { name: 'Add match' }));
    expect(await screen.findByText('Added Acme’s match: doubles gifts until $50.00 is used')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/admin/campaigns/7/matches')!.body).toEqual({
      sponsor_name: 'Acme',
      ratio: 1,
      cap_minor: 5000,
      // NZ days: 20 Nov 00:00 NZDT is 19 Nov 11:00 UTC; 20 Dec ends at 23:59:59 NZDT.
      starts_at: '2026-11-19T11:00:00.000Z',
      ends_at: '2026-12-20T10:59:59.000Z',
      applies_to: 'gifts',
    });
    expect(await screen.findByRole('row', { name: /Acme/ })).toBeInTheDocument();
  });

  it('a match for one page: the API’s refusal (no such page) is said at the page address', async () => {
    stubFetch({
      ...base,
      'GET /api/admin/campaigns/7/matches': { status: 200, body: { matches: [] } },
      'POST /api/admin/campaigns/7/matches': { status: 400, body: { message: 'Page address: at least 3 characters', code: 'validation', errors: [{ path: 'page_slug', message: 'Page address: not in this campaign' }] } },
    });
    const user = userEvent.setup();
    renderAt(<CampaignMatches campaignId={7} />, '/admin-campaign/7/matches');
    await user.type(await screen.findByLabelText('Sponsor name'), 'Acme');
    await user.type(screen.getByLabelText('Cap ($)'), '50');
    await user.selectOptions(screen.getByLabelText('Where'), 'page');
    await user.type(screen.getByLabelText('Page address'), 'sam-runs');
    await user.click(screen.getByRole('button', { name: 'Add match' }));
    await waitFor(() => expect(describedBy(screen.getByLabelText('Page address'))).toContain('Page address: not in this campaign'));
    expect(screen.getByLabelText('Page address')).toHaveFocus();
  });

  it('edits: a cap below what is matched is refused at the cap (the API’s 409), a raise is sent alone', async () => {
    const raised = { ...acme, cap_minor: 10000, left_minor: 7500 };
    const calls = stubFetch({
      ...base,
      'GET /api/admin/campaigns/7/matches': { status: 200, body: { matches: [acme] } },
      'PATCH /api/admin/matches/3': [
        { status: 409, body: { code: 'match.cap_below_matched', message: 'The cap cannot be lower than what is already matched ($25.00)' } },
        { status: 200, body: raised },
      ],
    });
    const user = userEvent.setup();
    renderAt(<CampaignMatches campaignId={7} />, '/admin-campaign/7/matches');
    await user.click(await screen.findByRole('button', { name: 'Edit Acme’s match' }));
    const cap = screen.getAllByLabelText('Cap ($)')[0]!;
    expect(cap).toHaveValue('50.00');
    await user.clear(cap);
    await user.type(cap, '20');
    await user.click(screen.getByRole('button', { name: 'Save match' }));
    await waitFor(() => expect(describedBy(cap)).toContain('The cap cannot be lower than what is already matched ($25.00)'));
    await user.clear(cap);
    await user.type(cap, '100');
    await user.click(screen.getByRole('button', { name: 'Save match' }));
    expect(await screen.findByText('Saved Acme’s match: cap $100.00, $75.00 left')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'PATCH /api/admin/matches/3').map((c) => c.body)).toEqual([{ cap_minor: 2000 }, { cap_minor: 10000 }]);
  });

  it('pauses, and ends after asking', async () => {
    const calls = stubFetch({
      ...base,
      'GET /api/admin/campaigns/7/matches': { status: 200, body: { matches: [acme] } },
      'PATCH /api/admin/matches/3': [
        { status: 200, body: { ...acme, status: 'paused' } },
        { status: 200, body: { ...acme, status: 'ended' } },
      ],
    });
    const user = userEvent.setup();
    renderAt(<CampaignMatches campaignId={7} />, '/admin-campaign/7/matches');
    await user.click(await screen.findByRole('button', { name: 'Pause Acme’s match' }));
    expect(await screen.findByText('Acme’s match is paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End Acme’s match' }));
    await user.click(await screen.findByRole('button', { name: 'End the match' }));
    expect(await screen.findByText('Acme’s match is ended')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'PATCH /api/admin/matches/3').map((c) => c.body)).toEqual([{ status: 'paused' }, { status: 'ended' }]);
  });
});
