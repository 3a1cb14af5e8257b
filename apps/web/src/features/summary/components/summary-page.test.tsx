import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@uplift/core/messages';
import type { PayNowResponse } from '@uplift/core/schemas/payment';
import { SKIP_REFUSAL_MESSAGES } from '@uplift/core/skip';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/session';
import { CANCELLED_NOTICE } from './cancel-pledge-dialog';
import { SummaryPage } from './summary-page';

// Stripe.js stands in for the bank redirect tests: only the SetupIntent it hands back matters.
const stripe = vi.hoisted(() => ({ retrieveSetupIntent: vi.fn() }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: async () => stripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  PaymentElement: () => null,
  useStripe: () => stripe,
  useElements: () => null,
}));

type Reply = { status: number; body?: unknown };

function stubFetch(replies: Record<string, Reply>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push(key);
      const reply = replies[key];
      if (!reply) throw new Error(`unexpected request ${key}`);
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

/** The address the summary is at now (its search), for assertions. */
function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}

function Login() {
  const location = useLocation();
  return <p data-testid="login">{(location.state as { notice?: string } | null)?.notice}</p>;
}

function renderSummary(entry = '/summary') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="/summary"
            element={
              <>
                <SummaryPage />
                <Where />
              </>
            }
          />
          <Route path="/login" element={<Login />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const payments = [
  { id: 11, pledge_id: 7, payment_status: 'Success', processing_date: '2026-11-23', amount: 17.5, fee_cover: 0, refunded: 0, payment_method_id: 3 },
  { id: 12, pledge_id: 7, payment_status: 'Failed', processing_date: '2026-11-30', amount: 17.5, fee_cover: 0, refunded: 0, failure_reason: 'card_declined', next_retry_date: null, action: 'pay_now', payment_method_id: 3 },
  { id: 13, pledge_id: 7, payment_status: 'Pending', processing_date: '2026-12-07', amount: 17.5, fee_cover: 0, refunded: 0, payment_method_id: 3 },
  { id: 14, pledge_id: 7, payment_status: 'Pending', processing_date: '2026-12-14', amount: 17.5, fee_cover: 0, refunded: 0, payment_method_id: 3 },
];

const replies: Record<string, Reply> = {
  'GET /api/auth/user_info': { status: 200, body: { first_name: 'Aroha', email: 'aroha@example.org' } },
  'GET /api/pledge/closest': {
    status: 200,
    body: { id: 7, campaign_id: 1, challenge_id: 1, recipient_id: 2, confirmed_amount: 70, pledge_status: 'Confirmed' },
  },
  'GET /api/campaign/closest': {
    status: 200,
    body: { id: 1, campaign_name: 'November Uplift Challenge', country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20', billing_start_date: '2026-11-23' },
  },
  'GET /api/payment/': { status: 200, body: payments },
  'GET /api/recipient/2': {
    status: 200,
    body: { id: 2, recipient_name: 'Youthline', logo: '/logos/youthline.svg', impact_cost: 35, impact_unit: 'hours of helpline support', impact_unit_singular: 'hour of helpline support', impact_multiplier: 7 },
  },
  'GET /api/challenge/1': { status: 200, body: { id: 1, name: 'Coffees', icon: 'coffee', unit: 'coffees' } },
  'GET /api/payment_method/3': { status: 200, body: { id: 3, brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } },
};

beforeEach(() => {
  // jsdom has no modal dialogs; these stand in for the browser's.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  // 1 Dec 2026 in Auckland: week 2 of the calendar.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
  setAccessToken('h.eyJzdWIiOiIxIiwicGVybWlzc2lvbnMiOlsiUk9MRV9VU0VSIl19.s');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('summary page', () => {
  it('greets the donor and shows days to go, impact so far, next and last payment, calendar, impact and card', async () => {
    stubFetch(replies);
    renderSummary();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kia ora Aroha!' })).toBeInTheDocument();
    expect(screen.getByText('19 days to go')).toBeInTheDocument();

    const stats = screen.getByText('Impact so far').closest('dl')!;
    expect(screen.getByText('Impact so far').nextElementSibling).toHaveTextContent('$17.50');
    expect(screen.getByText('Next payment').nextElementSibling).toHaveTextContent('$17.50 on Monday 7 December 2026');
    expect(within(stats).getByText(/on Monday 7 December 2026/)).toBeInTheDocument();
    expect(within(stats).getByText('Monday 14 December 2026')).toBeInTheDocument();

    const weeks = within(screen.getByRole('region', { name: 'Your four weeks' })).getAllByRole('listitem').filter((li) => li.classList.contains('calendar-week'));
    expect(weeks.map((w) => within(w).getByRole('heading').textContent)).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
    expect(weeks[1]).toHaveAttribute('aria-current', 'true');
    expect(within(weeks[1]!).getByText('This week')).toBeInTheDocument();
    expect(within(weeks[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(weeks[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(weeks[1]!).getByText('Your bank declined this payment.')).toBeInTheDocument();
    expect(within(weeks[1]!).getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(within(weeks[2]!).getByText('Upcoming')).toBeInTheDocument();
    expect(within(weeks[0]!).getByText('Monday 23 November 2026')).toBeInTheDocument();
    expect(within(weeks[0]!).getByRole('img', { name: 'payment day: $17.50 paid' })).toHaveTextContent('✓');
    expect(within(weeks[2]!).getByRole('img', { name: 'payment day: $17.50 due' })).toHaveTextContent('$');
    expect(screen.getByRole('alert')).toHaveTextContent('One payment did not go through');

    // Youthline: round(70 / 35) × 7 = 14 hours.
    expect(await screen.findByText('14 hours of helpline support')).toBeInTheDocument();
    expect(screen.getByText(/You gave up/)).toHaveTextContent('You gave up coffees for the month.');
    expect(await screen.findByText('Visa card ending 4242')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(screen.getByText('Expires 04/31')).toBeInTheDocument();
  });

  it('says the impact with the singular unit for exactly one, from the same figures as the number', async () => {
    stubFetch({
      ...replies,
      'GET /api/recipient/2': {
        status: 200,
        body: { id: 2, recipient_name: 'KidsCan', logo: '/logos/kidscan.svg', impact_cost: 17.5, impact_unit: 'raincoats', impact_unit_singular: 'raincoat', impact_multiplier: 1 },
      },
    });
    renderSummary();
    // round(70 / 17.50) = 4 raincoats pledged; $17.50 given so far is 1 raincoat, not "1 raincoats".
    expect(await screen.findByText('4 raincoats')).toBeInTheDocument();
    expect(screen.getByText(/Given so far/)).toHaveTextContent('Given so far: $17.50, that is 1 raincoat.');
  });

  it('cancels through the modal, signs out and goes to /login', async () => {
    const calls = stubFetch({
      ...replies,
      'PUT /api/pledge/cancel': { status: 200, body: { message: 'Your pledge has been cancelled', pledge_id: 7, pledge_status: 'Cancelled', cancelled_payments: 2, paid_amount: 17.5 } },
      'POST /api/auth/logout': { status: 200, body: {} },
    });
    const user = userEvent.setup();
    renderSummary();
    await user.click(await screen.findByRole('button', { name: MSG.cancelPledgeLink }));
    const dialog = screen.getByRole('dialog', { name: "Cancel Aroha's pledge" });
    expect(dialog).toHaveTextContent('This will cancel your 2 remaining payments ($35.00 in all).');
    expect(dialog).toHaveTextContent(MSG.cancelPledgeQuestion);

    await user.click(within(dialog).getByRole('button', { name: MSG.cancelPledgeBack }));
    expect(calls).not.toContain('PUT /api/pledge/cancel');

    await user.click(screen.getByRole('button', { name: MSG.cancelPledgeLink }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: MSG.cancelPledgeConfirm }));
    expect(await screen.findByTestId('login')).toHaveTextContent(CANCELLED_NOTICE);
    expect(calls).toContain('PUT /api/pledge/cancel');
    expect(calls).toContain('POST /api/auth/logout');
    await waitFor(() => expect(localStorage.getItem('uplift.authenticated')).toBeNull());
  });

  it('shows why a cancel failed and stays put', async () => {
    stubFetch({ ...replies, 'PUT /api/pledge/cancel': { status: 409, body: { message: 'Your pledge is already cancelled' } } });
    const user = userEvent.setup();
    renderSummary();
    await user.click(await screen.findByRole('button', { name: MSG.cancelPledgeLink }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: MSG.cancelPledgeConfirm }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Your pledge is already cancelled');
    expect(screen.queryByTestId('login')).not.toBeInTheDocument();
  });

  it("opens Change card from the card-expiry mail's link (/summary?card=change)", async () => {
    stubFetch({ ...replies, 'GET /api/payment_method/secret': { status: 200, body: { provider: 'test', client_secret: 'seti_test_1_secret_x' } } });
    renderSummary('/summary?card=change');
    const dialog = await screen.findByRole('dialog', { name: 'Change card' });
    expect(within(dialog).getByText(/will use the new card/)).toBeTruthy();
  });

  const savedCard = { id: 9, method_name: 'card', is_enabled: true, stripe_payment_method_id: 'pm_new', brand: 'visa', last4: '3155', exp_month: 12, exp_year: 2030 };
  const cardChanged = {
    'POST /api/payment_method': { status: 201, body: savedCard },
    'PUT /api/payment_method/default': { status: 200, body: { payment_method: savedCard, payments_updated: 3, detached: 'pm_old' } },
  };
  const defaultCardBody = () => {
    const put = vi.mocked(fetch).mock.calls.find(([url, init]) => url === '/api/payment_method/default' && init?.method === 'PUT');
    return JSON.parse(String(put![1]!.body)) as { payment_method_id: string };
  };

  it("finishes Change card after the test provider's simulated bank step", async () => {
    const calls = stubFetch({
      ...replies,
      ...cardChanged,
      'GET /api/payment_method/secret': { status: 200, body: { provider: 'test', client_secret: 'seti_test_1_secret_x' } },
      'POST /api/test-provider/setup/confirm': {
        status: 200,
        body: { status: 'requires_action', setup_intent: 'seti_test_1', payment_method: 'pm_new', next_action: { type: 'test_authentication' } },
      },
      'POST /api/test-provider/setup/authenticate': { status: 200, body: { status: 'succeeded', setup_intent: 'seti_test_1', payment_method: 'pm_new' } },
    });
    const user = userEvent.setup();
    renderSummary('/summary?card=change');
    const dialog = await screen.findByRole('dialog', { name: 'Change card' });
    await user.type(await within(dialog).findByLabelText('Card number'), '4000002500003155');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save new card' }));
    await user.click(await screen.findByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByText('Saved. Your remaining payments will use your new card.')).toBeTruthy();
    expect(calls.filter((c) => c === 'PUT /api/payment_method/default')).toHaveLength(1);
    expect(defaultCardBody()).toEqual({ payment_method_id: 'pm_new' });
  });

  it("finishes Change card when Stripe brings the donor back from the bank's page", async () => {
    stripe.retrieveSetupIntent.mockResolvedValue({ setupIntent: { status: 'succeeded', payment_method: 'pm_new' } });
    const calls = stubFetch({
      ...replies,
      ...cardChanged,
      'GET /api/payment_method/secret': { status: 200, body: { provider: 'stripe', client_secret: 'seti_2_secret_y', publishable_key: 'pk_test_1' } },
    });
    const back = '/summary?card=change&setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_x&redirect_status=succeeded';
    window.history.replaceState(null, '', back); // Stripe.js reads the page's own address
    renderSummary(back);
    expect(await screen.findByText('Saved. Your remaining payments will use your new card.')).toBeTruthy();
    expect(stripe.retrieveSetupIntent).toHaveBeenCalledWith('seti_1_secret_x');
    expect(calls.filter((c) => c === 'POST /api/payment_method')).toHaveLength(1);
    expect(calls.filter((c) => c === 'PUT /api/payment_method/default')).toHaveLength(1);
    expect(defaultCardBody()).toEqual({ payment_method_id: 'pm_new' });
  });

  it("pays a failed week with another card when Stripe brings the donor back from the bank's page", async () => {
    stripe.retrieveSetupIntent.mockResolvedValue({ setupIntent: { status: 'succeeded', payment_method: 'pm_new' } });
    const paid = { payment_status: 'Success', outcome: 'succeeded', failure_reason: null, message: 'Paid' } satisfies PayNowResponse;
    const calls = stubFetch({
      ...replies,
      ...cardChanged,
      'GET /api/payment_method/secret': { status: 200, body: { provider: 'stripe', client_secret: 'seti_2_secret_y', publishable_key: 'pk_test_1' } },
      'POST /api/payment/12/pay': { status: 200, body: paid },
    });
    const back = '/summary?pay=12&setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_x&redirect_status=succeeded';
    window.history.replaceState(null, '', back); // Stripe.js reads the page's own address
    renderSummary(back);
    expect(await screen.findByText('Thank you! Your $17.50 payment has gone through. We have emailed you a receipt.')).toBeTruthy();
    expect(stripe.retrieveSetupIntent).toHaveBeenCalledWith('seti_1_secret_x');
    expect(calls.filter((c) => c === 'PUT /api/payment_method/default')).toHaveLength(1);
    expect(defaultCardBody()).toEqual({ payment_method_id: 'pm_new' });
    const pay = vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/payment/12/pay');
    expect(pay.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([{ payment_method_id: 'pm_new' }]);
  });

  it('says so when the bank did not confirm the other card, above a fresh card form', async () => {
    stubFetch({ ...replies, 'GET /api/payment_method/secret': { status: 200, body: { provider: 'test', client_secret: 'seti_test_1_secret_x' } } });
    renderSummary('/summary?pay=12&setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_x&redirect_status=failed');
    const dialog = await screen.findByRole('dialog', { name: /payment of/ });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your bank did not confirm this card. Please try again, or use another card.');
    expect(await within(dialog).findByLabelText('Card number')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save card and pay $17.50' })).toBeTruthy();
    // Stripe's parameters leave the address: a reload or Change card would not say it again.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\?pay=12$/));
  });

  it('skips a week: the calendar shows the moved date, and a refusal says why', async () => {
    const skipped = [
      payments[0],
      payments[1],
      { ...payments[2], skipped_from: null },
      { ...payments[3], skipped_from: null },
    ];
    const after = [
      payments[0],
      payments[1],
      { ...payments[3], skipped_from: null },
      { ...payments[2], processing_date: '2026-12-21', skipped_from: '2026-12-07' },
    ];
    let list: unknown[] = skipped;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const key = `${init.method ?? 'GET'} ${url}`;
        calls.push(`${key} ${typeof init.body === 'string' ? init.body : ''}`.trim());
        if (key === 'GET /api/payment/') return new Response(JSON.stringify(list), { status: 200 });
        if (key === 'POST /api/pledge/7/skip') {
          list = after;
          return new Response(JSON.stringify({ message: 'ok', pledge_id: 7, skipped_from: '2026-12-07', moved_to: '2026-12-21', payments: [] }), { status: 200 });
        }
        if (key === 'DELETE /api/pledge/7/skip') {
          return new Response(JSON.stringify({ message: SKIP_REFUSAL_MESSAGES.too_late, code: 'pledge.skip_too_late' }), { status: 422 });
        }
        const reply = replies[key];
        if (!reply) throw new Error(`unexpected request ${key}`);
        return new Response(JSON.stringify(reply.body), { status: reply.status });
      }),
    );
    const user = userEvent.setup();
    renderSummary();
    const region = await screen.findByRole('region', { name: 'Your four weeks' });
    // Weeks 3 and 4 can still be skipped; the paid and the failed week cannot.
    expect(within(region).queryByRole('button', { name: 'Skip week 1' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Skip week 2' })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Skip week 4' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Skip week 3' }));
    expect(calls).toContain('POST /api/pledge/7/skip {"week":3}');

    expect(await screen.findByText(/Week 3 is skipped/)).toHaveTextContent(
      'Week 3 is skipped. That payment will be taken on Monday 21 December 2026 instead, so your pledge still gives its whole amount.',
    );
    await waitFor(() => expect(within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5']));
    // The heading counts the weeks it shows.
    expect(region).toHaveAccessibleName('Your five weeks');
    const [, , week3, week4, week5] = within(region).getAllByRole('listitem').filter((li) => li.classList.contains('calendar-week'));
    expect(week3).toHaveTextContent('Skipped: this week’s payment will be taken on Monday 21 December 2026 instead');
    expect(week5).toHaveTextContent('$17.50 on Monday 21 December 2026: Upcoming (moved from week 3)');
    // One skip per pledge: only the skipped week offers anything now.
    expect(within(week4!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Last weekly payment').nextElementSibling).toHaveTextContent('Monday 21 December 2026');

    await user.click(within(week3!).getByRole('button', { name: 'Undo skip' }));
    expect(await screen.findByText(SKIP_REFUSAL_MESSAGES.too_late)).toBeInTheDocument();
  });

  it('covers the card fee from the next payment on, with the same plain box as the wizard', async () => {
    let list: unknown[] = payments.map((p) => ({ ...p, fee_cover: 0 }));
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const key = `${init.method ?? 'GET'} ${url}`;
        calls.push(`${key} ${typeof init.body === 'string' ? init.body : ''}`.trim());
        if (key === 'GET /api/payment/') return new Response(JSON.stringify(list), { status: 200 });
        if (key === 'PUT /api/pledge/7/fee-cover') {
          list = payments.map((p) => ({ ...p, fee_cover: p.payment_status === 'Pending' ? 0.83 : 0 }));
          return new Response(JSON.stringify({ message: 'ok', pledge_id: 7, cover_fee: true, payments_changed: 2 }), { status: 200 });
        }
        const reply = replies[key];
        if (!reply) throw new Error(`unexpected request ${key}`);
        return new Response(JSON.stringify(reply.body), { status: reply.status });
      }),
    );
    const user = userEvent.setup();
    renderSummary();
    const box = await screen.findByRole('checkbox', { name: 'Add NZ$0.83 a week so the card fee does not come out of your gift' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(calls).toContain('PUT /api/pledge/7/fee-cover {"cover_fee":true}');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /card fee does not come out of your gift/ })).toBeChecked());
  });

  it('names every weekly payment of a donor who covers the card fee by what is charged: next payment, each week, the remaining total', async () => {
    // A UK donor of £16.00 a week who covers the fee is charged £16.68 (decision 144).
    const covered = [
      { id: 21, pledge_id: 8, payment_status: 'Success', processing_date: '2026-11-23', amount: 16, fee_cover: 0.68, refunded: 0, failure_reason: null, next_retry_date: null, action: null, payment_method_id: 3 },
      { id: 22, pledge_id: 8, payment_status: 'Pending', processing_date: '2026-11-30', amount: 16, fee_cover: 0.68, refunded: 0, failure_reason: null, next_retry_date: null, action: null, payment_method_id: 3 },
      { id: 23, pledge_id: 8, payment_status: 'Pending', processing_date: '2026-12-07', amount: 16, fee_cover: 0.68, refunded: 0, failure_reason: null, next_retry_date: null, action: null, payment_method_id: 3 },
      { id: 24, pledge_id: 8, payment_status: 'Pending', processing_date: '2026-12-14', amount: 16, fee_cover: 0.68, refunded: 0, failure_reason: null, next_retry_date: null, action: null, payment_method_id: 3 },
    ];
    stubFetch({
      ...replies,
      'GET /api/pledge/closest': { status: 200, body: { id: 8, campaign_id: 2, challenge_id: 1, recipient_id: 2, confirmed_amount: 64, pledge_status: 'Confirmed', country: 'UK' } },
      'GET /api/campaign/closest': {
        status: 200,
        body: { id: 2, campaign_name: 'November Uplift Challenge', country: 'UK', start_date: '2026-11-20', end_date: '2026-12-20', billing_start_date: '2026-11-23' },
      },
      'GET /api/payment/': { status: 200, body: covered },
    });
    const user = userEvent.setup();
    renderSummary();
    expect(await screen.findByText('Next payment')).toBeInTheDocument();
    expect(screen.getByText('Next payment').nextElementSibling).toHaveTextContent('£16.68 on Monday 30 November 2026');
    const weeks = within(screen.getByRole('region', { name: 'Your four weeks' })).getAllByRole('listitem').filter((li) => li.classList.contains('calendar-week'));
    expect(weeks.map((w) => w.querySelector('.calendar-payment strong')?.textContent)).toEqual(['£16.68', '£16.68', '£16.68', '£16.68']);
    expect(within(weeks[0]!).getByRole('img', { name: 'payment day: £16.68 paid' })).toBeInTheDocument();
    expect(within(weeks[2]!).getByRole('img', { name: 'payment day: £16.68 due' })).toBeInTheDocument();
    // What was given stays the gifts without their extras, against the pledge (decision 135).
    expect(screen.getByText('Impact so far').nextElementSibling).toHaveTextContent('£16.00');
    await user.click(screen.getByRole('button', { name: 'Cancel future pledge payments' }));
    expect(await screen.findByText(/This will cancel your 3 remaining payments/)).toHaveTextContent('(£50.04 in all)');
  });

  it('asks to pay a failed covered week by what it charges, fee cover included', async () => {
    stubFetch({ ...replies, 'GET /api/payment/': { status: 200, body: payments.map((p) => ({ ...p, fee_cover: 0.83 })) } });
    const user = userEvent.setup();
    renderSummary();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your $18.33 payment of Monday 30 November 2026' });
    expect(within(dialog).getByRole('button', { name: /Pay \$18\.33 now/ })).toBeInTheDocument();
  });

  it('invites a donor without a pledge to join', async () => {
    stubFetch({ ...replies, 'GET /api/pledge/closest': { status: 404, body: { message: 'No pledges!' } } });
    renderSummary();
    expect(await screen.findByText('You have no pledge yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the challenge' })).toHaveAttribute('href', '/challenge');
  });
});
