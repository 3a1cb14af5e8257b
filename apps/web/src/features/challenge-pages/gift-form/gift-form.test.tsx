import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GiftForm } from './gift-form';

// The gift form (docs/decisions/138) against a stubbed API: what the friend types, what is sent,
// and what they are told.

type Reply = { status: number; body?: unknown } | ((body: unknown) => { status: number; body?: unknown });
type Call = { key: string; body: unknown };

function stubApi(replies: Record<string, Reply | Reply[]>): Call[] {
  const calls: Call[] = [];
  const used = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ key, body });
      const entry = replies[key];
      if (!entry) throw new Error(`unexpected request ${key}`);
      const n = used.get(key) ?? 0;
      used.set(key, n + 1);
      const reply = Array.isArray(entry) ? entry[Math.min(n, entry.length - 1)]! : entry;
      const { status, body: out } = typeof reply === 'function' ? reply(body) : reply;
      return new Response(out === undefined ? '' : JSON.stringify(out), { status });
    }),
  );
  return calls;
}

const CREATED = { status: 201, body: { gift_id: 7, status: 'pending', client_secret: 'pi_test_1_secret_x', provider: 'test' } };
const SUCCEEDED = { status: 200, body: { gift_id: 7, status: 'succeeded', receipt_number: 'NZ-2026-000124', failure_message: null, matched_minor: 0, match_sponsor: null } };

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => vi.unstubAllGlobals());

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), 'Sam Friend');
  await user.type(screen.getByLabelText('Your email'), 'sam@example.org');
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('the gift form', () => {
  it('NZ: suggested amounts, counter, the hide choices and the tax receipt box; then the card, then thanks and onGiven', async () => {
    const calls = stubApi({
      'POST /api/pages/aroha-walks/gifts': CREATED,
      'POST /api/test-provider/gift/confirm': { status: 200, body: { status: 'succeeded' } },
      'POST /api/gifts/7/confirm': SUCCEEDED,
    });
    const onGiven = vi.fn();
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" onGiven={onGiven} />);
    expect(screen.getByRole('region', { name: 'Give to Aroha' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '$50.00' }));
    expect(screen.getByRole('button', { name: '$50.00' })).toHaveAttribute('aria-pressed', 'true');
    await fillDetails(user);
    await user.type(screen.getByLabelText('A message (optional)'), 'Go!');
    expect(screen.getByText('3/140 characters')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Hide my name (show “Anonymous”)'));
    await user.click(screen.getByLabelText('I want a donation tax credit receipt in my name'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    expect(await screen.findByText(/Your gift of \$50.00 to Aroha’s challenge has gone through/)).toBeInTheDocument();
    expect(screen.getByText(/NZ-2026-000124/)).toBeInTheDocument();
    expect(onGiven).toHaveBeenCalledTimes(1);
    const sent = calls.find((c) => c.key === 'POST /api/pages/aroha-walks/gifts')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ amount: 5000, name: 'Sam Friend', email: 'sam@example.org', message: 'Go!', hide_name: true, hide_amount: false, tax_receipt: true });
    expect(sent.client_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.find((c) => c.key === 'POST /api/test-provider/gift/confirm')!.body).toMatchObject({ client_secret: 'pi_test_1_secret_x', exp_month: 12, exp_year: 2030 });
  });

  it('the amount is asked first: its chips, then the amount, then name, email and message', () => {
    stubApi({});
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    const form = screen.getByRole('region', { name: 'Give to Aroha' });
    const controls = [...form.querySelectorAll('button, input, textarea')].map((el) => el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent);
    expect(controls.slice(0, 8)).toEqual(['$10.00', '$25.00', '$50.00', '$100.00', 'Amount ($)', 'Your name', 'Your email', 'A message (optional)']);
  });

  it('UK: before payment the form says Gift Aid cannot be claimed on the gift, and why; NZ does not', () => {
    stubApi({});
    const { unmount } = render(<GiftForm slug="jo-runs" country="UK" participantName="Jo" />);
    expect(screen.getByText(/Gift Aid can’t be added to this gift: Uplift Charitable Trust is a New Zealand charity, not one registered with HMRC/)).toBeInTheDocument();
    unmount();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    expect(screen.queryByText(/Gift Aid/)).not.toBeInTheDocument();
  });

  it('UK: pounds, no tax receipt box; an amount out of range is said at the field and nothing is sent', async () => {
    const calls = stubApi({});
    const user = userEvent.setup();
    render(<GiftForm slug="jo-runs" country="UK" participantName="Jo" />);
    expect(screen.getByRole('button', { name: '£25.00' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/tax credit receipt/)).not.toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (£)');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(amount).toHaveAccessibleDescription('The amount must be at least £10.00');
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Please enter your name');
    await user.clear(amount);
    await user.type(amount, '10001');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(amount).toHaveAccessibleDescription('The amount must be at most £10,000.00');
    expect(calls).toHaveLength(0);
  });

  it('NZ bounds (core’s, docs/decisions/148): 9.99 and 10,000.01 are refused at the field with focus on it, in $; typing or a chip clears it; 10,000 itself is sent', async () => {
    const calls = stubApi({ 'POST /api/pages/aroha-walks/gifts': CREATED });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    await fillDetails(user);
    const amount = screen.getByLabelText('Amount ($)');
    await user.clear(amount);
    await user.type(amount, '9.99');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(amount).toHaveAccessibleDescription('The amount must be at least $10.00');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '$10.00' }));
    expect(amount).not.toHaveAccessibleDescription();
    expect(amount).toHaveValue('10');

    await user.clear(amount);
    await user.type(amount, '10000.01');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(amount).toHaveAccessibleDescription('The amount must be at most $10,000.00');
    await user.type(amount, '{Backspace}{Backspace}{Backspace}');
    expect(amount).not.toHaveAccessibleDescription();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('button', { name: 'Give $10,000.00' })).toBeInTheDocument();
    expect(calls.map((c) => (c.body as { amount: number }).amount)).toEqual([1_000_000]);
  });

  it('the server’s refusal of an amount is said at the amount field', async () => {
    stubApi({ 'POST /api/pages/jo-runs/gifts': { status: 400, body: { message: "amount must be at most 10,000.00 in the page's currency", code: 'validation' } } });
    const user = userEvent.setup();
    render(<GiftForm slug="jo-runs" country="UK" participantName="Jo" />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(screen.getByLabelText('Amount (£)')).toHaveAccessibleDescription("The amount must be at most 10,000.00 in the page's currency"));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('two submits in the same moment send one request', async () => {
    const calls = stubApi({ 'POST /api/pages/aroha-walks/gifts': CREATED });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    await fillDetails(user);
    const continueButton = screen.getByRole('button', { name: 'Continue to payment' });
    fireEvent.click(continueButton);
    fireEvent.click(continueButton);
    expect(await screen.findByRole('button', { name: 'Give $25.00' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/pages/aroha-walks/gifts')).toHaveLength(1);
  });

  it('a declined card: the friend stays on the card step with everything else kept; only the card is typed again, and it pays a new gift (a new client_key)', async () => {
    const calls = stubApi({
      'POST /api/pages/aroha-walks/gifts': [CREATED, { status: 201, body: { gift_id: 8, status: 'pending', client_secret: 'pi_test_2_secret_y', provider: 'test' } }],
      'POST /api/test-provider/gift/confirm': [{ status: 200, body: { status: 'declined', message: 'Your card was declined.' } }, { status: 200, body: { status: 'succeeded' } }],
      'POST /api/gifts/7/confirm': { status: 200, body: { gift_id: 7, status: 'failed', receipt_number: null, failure_message: 'Your bank declined this payment.' } },
      'POST /api/gifts/8/confirm': { ...SUCCEEDED, body: { ...SUCCEEDED.body, gift_id: 8 } },
    });
    const onGiven = vi.fn();
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" onGiven={onGiven} />);
    await user.click(screen.getByRole('button', { name: '$50.00' }));
    await fillDetails(user);
    await user.type(screen.getByLabelText('A message (optional)'), 'Kia kaha');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Nothing was taken. Enter another card to try again: everything else is kept.');
    expect(onGiven).not.toHaveBeenCalled();
    // Still the card step, for the same gift; the card's fields are empty and the number has focus.
    expect(screen.getByRole('heading', { name: 'Your card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('');
    expect(screen.getByLabelText('CVC')).toHaveValue('');
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(calls.filter((c) => c.key === 'POST /api/pages/aroha-walks/gifts')).toHaveLength(1);

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    expect(await screen.findByText(/Your gift of \$50.00 to Aroha’s challenge has gone through/)).toBeInTheDocument();
    expect(onGiven).toHaveBeenCalledTimes(1);
    const sent = calls.filter((c) => c.key === 'POST /api/pages/aroha-walks/gifts').map((c) => c.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.client_key).not.toBe(sent[0]!.client_key);
    const { client_key: _first, ...firstDetails } = sent[0]!;
    const { client_key: _second, ...secondDetails } = sent[1]!;
    expect(secondDetails).toEqual(firstDetails);
    expect(firstDetails).toMatchObject({ amount: 5000, name: 'Sam Friend', email: 'sam@example.org', message: 'Kia kaha' });
    // The second card paid the second gift's charge.
    expect(calls.filter((c) => c.key === 'POST /api/test-provider/gift/confirm').map((c) => (c.body as { client_secret: string }).client_secret)).toEqual(['pi_test_1_secret_x', 'pi_test_2_secret_y']);
  });

  it('a gift already declined (its charge closed): the server’s 409 is said on the card step and the next card pays a new gift with the same details', async () => {
    const calls = stubApi({
      'POST /api/pages/aroha-walks/gifts': [CREATED, { status: 201, body: { gift_id: 8, status: 'pending', client_secret: 'pi_test_2_secret_y', provider: 'test' } }],
      'POST /api/test-provider/gift/confirm': { status: 200, body: { status: 'succeeded' } },
      'POST /api/gifts/7/confirm': { status: 409, body: { code: 'gift.card_declined', message: 'This card was declined. Start again with another card.' } },
      'POST /api/gifts/8/confirm': { ...SUCCEEDED, body: { ...SUCCEEDED.body, gift_id: 8 } },
    });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" onGiven={vi.fn()} />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This card was declined. Start again with another card.');
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    await fillCard(user, '5555555555554444');
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByText(/has gone through/)).toBeInTheDocument();
    const sent = calls.filter((c) => c.key === 'POST /api/pages/aroha-walks/gifts').map((c) => c.body as { client_key: string; name: string; amount: number });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.client_key).not.toBe(sent[0]!.client_key);
    expect({ name: sent[1]!.name, amount: sent[1]!.amount }).toEqual({ name: sent[0]!.name, amount: sent[0]!.amount });
  });

  it('after a decline, a card the provider finds incomplete keeps the new gift open: the fixed card pays it without making a third', async () => {
    const calls = stubApi({
      'POST /api/pages/aroha-walks/gifts': [CREATED, { status: 201, body: { gift_id: 8, status: 'pending', client_secret: 'pi_test_2_secret_y', provider: 'test' } }],
      'POST /api/test-provider/gift/confirm': [
        { status: 200, body: { status: 'declined', message: 'Your card was declined.' } },
        { status: 400, body: { message: "Your card's security code is incomplete.", code: 'card.validation_error' } },
        { status: 200, body: { status: 'succeeded' } },
      ],
      'POST /api/gifts/7/confirm': { status: 200, body: { gift_id: 7, status: 'failed', receipt_number: null, failure_message: 'Your card was declined.' } },
      'POST /api/gifts/8/confirm': { ...SUCCEEDED, body: { ...SUCCEEDED.body, gift_id: 8 } },
    });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    await screen.findByText(/Enter another card to try again/);
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Your card's security code is incomplete.");
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByText(/has gone through/)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/pages/aroha-walks/gifts')).toHaveLength(2);
  });

  it('Change after the card step: the same details find the same gift (the same key); a changed amount is a new gift (a new key)', async () => {
    const calls = stubApi({ 'POST /api/pages/aroha-walks/gifts': CREATED });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText('Your name')).toHaveValue('Sam Friend');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('button', { name: '$100.00' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Your card' });
    const keys = calls.filter((c) => c.key === 'POST /api/pages/aroha-walks/gifts').map((c) => (c.body as { client_key: string }).client_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('the bank step: the friend completes it in the dialog and the gift goes through', async () => {
    stubApi({
      'POST /api/pages/aroha-walks/gifts': CREATED,
      'POST /api/test-provider/gift/confirm': { status: 200, body: { status: 'requires_action' } },
      'POST /api/test-provider/gift/authenticate': (body) => ({ status: 200, body: { status: (body as { outcome: string }).outcome === 'complete' ? 'succeeded' : 'declined' } }),
      'POST /api/gifts/7/confirm': SUCCEEDED,
    });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await fillCard(user, '4000002760003184');
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    await user.click(await screen.findByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByText(/has gone through/)).toBeInTheDocument();
  });

  it('a card the provider finds incomplete: its words are shown and the friend can fix it (the gift stays open)', async () => {
    const calls = stubApi({
      'POST /api/pages/aroha-walks/gifts': CREATED,
      'POST /api/test-provider/gift/confirm': [
        { status: 400, body: { message: "Your card's expiration date is incomplete.", code: 'card.validation_error' } },
        { status: 200, body: { status: 'succeeded' } },
      ],
      'POST /api/gifts/7/confirm': SUCCEEDED,
    });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Your card's expiration date is incomplete.");
    expect(calls.filter((c) => c.key === 'POST /api/gifts/7/confirm')).toHaveLength(0);
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByText(/has gone through/)).toBeInTheDocument();
  });

  it('too many tries: the server’s plain message is shown', async () => {
    stubApi({ 'POST /api/pages/aroha-walks/gifts': { status: 429, body: { message: 'Too many gifts have been tried from here just now.', code: 'gift.rate_limited' } } });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many gifts have been tried'));
  });
});

// Match funds (docs/product-rules.md §23, docs/decisions/162): said before the amount, live as it changes, and on the thanks.
describe('the gift form with a sponsor’s match', () => {
  const acme = {
    id: 3,
    sponsor_name: 'Acme',
    sponsor_logo_url: '/api/matches/3/logo?v=0123456789abcdef',
    // A tall logo: shown 32 px high would be 32 px wide.
    sponsor_logo_width: 100,
    sponsor_logo_height: 100,
    sponsor_link: 'https://acme.example/',
    ratio: 1 as const,
    cap_minor: 500000,
    matched_minor: 376000,
    left_minor: 124000,
    ends_at: '2026-12-31T23:59:59.000Z',
  };

  it('says the offer before the amount is chosen, live as it changes (near the cap too), with the sponsor’s logo and link; the thanks says what it added', async () => {
    stubApi({
      'POST /api/pages/aroha-walks/gifts': CREATED,
      'POST /api/test-provider/gift/confirm': { status: 200, body: { status: 'succeeded' } },
      'POST /api/gifts/7/confirm': { status: 200, body: { ...SUCCEEDED.body, matched_minor: 2500, match_sponsor: 'Acme' } },
    });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" match={acme} />);
    const offer = screen.getByRole('group', { name: 'Acme’s match' });
    // Before the amount fieldset, so it is read first.
    expect(offer.compareDocumentPosition(screen.getByRole('group', { name: 'Amount' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(offer).toHaveTextContent('Your $25.00 becomes $50.00: Acme doubles gifts until $5,000.00 is used; $1,240.00 left');
    expect(screen.getByRole('link', { name: 'Acme' })).toHaveAttribute('href', 'https://acme.example/');
    const logo = screen.getByRole('img', { name: 'Acme' });
    expect([logo.getAttribute('src'), logo.getAttribute('width'), logo.getAttribute('height'), logo.getAttribute('loading')]).toEqual(['/api/matches/3/logo?v=0123456789abcdef', '32', '32', 'lazy']);
    await user.click(screen.getByRole('button', { name: '$100.00' }));
    expect(offer).toHaveTextContent('Your $100.00 becomes $200.00');
    const amount = screen.getByLabelText('Amount ($)');
    await user.clear(amount);
    expect(offer).toHaveTextContent(/^Acme doubles gifts until \$5,000\.00 is used; \$1,240\.00 left$/);
    await user.type(amount, '2000');
    expect(offer).toHaveTextContent('Your $2,000.00 becomes $3,240.00: Acme matches $1,240.00, the last of its $5,000.00');
    await user.clear(amount);
    await user.type(amount, '25');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Your $25.00 becomes $50.00: Acme doubles gifts until $5,000.00 is used; $1,240.00 left')).toBeInTheDocument();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByText('Acme’s match added $25.00: Aroha’s challenge gets $50.00.')).toBeInTheDocument();
  });

  it('a used-up match: the form says so and that the gift goes in full; so does the thanks when the match added nothing', async () => {
    stubApi({
      'POST /api/pages/aroha-walks/gifts': CREATED,
      'POST /api/test-provider/gift/confirm': { status: 200, body: { status: 'succeeded' } },
      'POST /api/gifts/7/confirm': { status: 200, body: { ...SUCCEEDED.body, matched_minor: 0, match_sponsor: null } },
    });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" match={{ ...acme, sponsor_logo_url: null, sponsor_logo_width: null, sponsor_logo_height: null, sponsor_link: null, matched_minor: 500000, left_minor: 0 }} />);
    expect(screen.getByRole('group', { name: 'Acme’s match' })).toHaveTextContent("Acme's match is used up; your gift still goes in full");
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByText('Acme’s match was used up, so it added nothing this time; your gift still goes in full.')).toBeInTheDocument();
  });

  it('no match on the page: no offer and no match line on the thanks', async () => {
    stubApi({
      'POST /api/pages/aroha-walks/gifts': CREATED,
      'POST /api/test-provider/gift/confirm': { status: 200, body: { status: 'succeeded' } },
      'POST /api/gifts/7/confirm': { status: 200, body: { ...SUCCEEDED.body, matched_minor: 0, match_sponsor: null } },
    });
    const user = userEvent.setup();
    render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" match={null} />);
    expect(screen.queryByRole('group', { name: /match/ })).not.toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    expect(await screen.findByText(/has gone through/)).toBeInTheDocument();
    expect(screen.queryByText(/match/)).not.toBeInTheDocument();
  });
});
