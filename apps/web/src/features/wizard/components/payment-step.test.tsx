import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@uplift/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/session';
import { DONOR_TOKEN, keys, NOW, nzCampaign, pendingPledge, savedVisa, stubApi, wizardWrapper, type Reply } from '../model/wizard-test-kit';
import { CARD_ERROR_NEXT_STEP } from './card-error-dialog';
import { PaymentStep } from './payment-step';

const SECRET = { client_secret: 'seti_test_secret', provider: 'test' };
const CONFIRMED = { ...pendingPledge, pledge_status: 'Confirmed', payments: [] };

function renderPaymentStep(replies: Record<string, Reply>, country: 'NZ' | 'UK' = 'NZ') {
  const calls = stubApi(replies);
  const onPaid = vi.fn();
  const onDeleted = vi.fn();
  const Wrapper = wizardWrapper('/challenge?step=4');
  render(
    <Wrapper>
      <PaymentStep
        pledge={{ ...pendingPledge, country }}
        campaign={{ ...nzCampaign, country }}
        challengeName="Coffees"
        recipientName="Youthline"
        onPaid={onPaid}
        onSubmittingChange={() => {}}
        onDeleted={onDeleted}
      />
    </Wrapper>,
  );
  return { calls, onPaid, onDeleted, user: userEvent.setup() };
}

beforeEach(() => {
  // jsdom has no modal dialogs; these stand in for the browser's.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setAccessToken(DONOR_TOKEN);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('payment step', () => {
  it('summarises the pledge: total, four weekly payments and the charity', async () => {
    renderPaymentStep({ 'GET /api/payment_method': { status: 200, body: [] }, 'GET /api/payment_method/secret': { status: 200, body: SECRET } });
    const summary = screen.getByRole('region', { name: 'Your pledge' });
    expect(summary).toHaveTextContent('$70.00 NZD');
    expect(summary).toHaveTextContent('Youthline');
    expect(within(summary).getByText('4 weekly payments')).toBeInTheDocument();
    await screen.findByLabelText('Card number');
  });

  it('UK: says before payment that Gift Aid cannot be claimed on the pledge, and why, in the receipts’ words; NZ does not (docs/decisions/167)', async () => {
    const replies = { 'GET /api/payment_method': { status: 200, body: [] }, 'GET /api/payment_method/secret': { status: 200, body: SECRET } } as const;
    renderPaymentStep(replies, 'UK');
    expect(screen.getByTestId('gift-aid-line')).toHaveTextContent(
      'Uplift Charitable Trust is a New Zealand charity, so this pledge is not eligible for Gift Aid. Only a charity registered with HMRC can claim Gift Aid.',
    );
    await screen.findByLabelText('Card number');
    cleanup();
    renderPaymentStep(replies, 'NZ');
    expect(screen.queryByText(/Gift Aid/)).not.toBeInTheDocument();
    await screen.findByLabelText('Card number');
  });

  it("shows 'loading' while the card form's secret is missing", async () => {
    const { calls } = renderPaymentStep({ 'GET /api/payment_method': { status: 200, body: [] }, 'GET /api/payment_method/secret': 'never' });
    await waitFor(() => expect(keys(calls)).toContain('GET /api/payment_method/secret'));
    expect(screen.getByRole('status')).toHaveTextContent(MSG.loading);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('with no saved card, a new card is chosen: the test-mode card form, and no Saved card to choose', async () => {
    renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [] },
      'GET /api/payment_method/secret': { status: 200, body: SECRET },
    });
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    expect(screen.getByLabelText('New card')).toBeChecked();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toBeInTheDocument();
    expect(screen.getByLabelText('CVC')).toBeInTheDocument();
    expect(screen.queryByText(MSG.noSavedMethods)).not.toBeInTheDocument();
    // A donor with no saved card is not offered one (docs/decisions/157).
    expect(screen.queryByLabelText('Saved card')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Pay with' })).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['new']);
  });

  it('with a saved card, both are offered and the donor can switch to a new card', async () => {
    const { user } = renderPaymentStep({ 'GET /api/payment_method': { status: 200, body: [savedVisa] }, 'GET /api/payment_method/secret': { status: 200, body: SECRET } });
    expect(await screen.findByLabelText('Visa ending 4242, expires 04/2031')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Pay with' })).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['saved', 'new']);
    await user.click(screen.getByLabelText('New card'));
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
  });

  it("with saved cards, the saved card is chosen and Finish without one says 'Please select a payment method'", async () => {
    const { user, calls, onPaid } = renderPaymentStep({ 'GET /api/payment_method': { status: 200, body: [savedVisa] } });
    const visa = await screen.findByLabelText('Visa ending 4242, expires 04/2031');
    expect(screen.getByLabelText('Saved card')).toBeChecked();
    expect(visa).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a payment method');
    expect(onPaid).not.toHaveBeenCalled();
    expect(keys(calls)).not.toContain('PUT /api/pledge/confirmed');
    // No secret is fetched until a new card is wanted.
    expect(keys(calls)).not.toContain('GET /api/payment_method/secret');
  });

  it('pays with a saved card: PUT /api/pledge/confirmed with its id and the total shown, then goes on', async () => {
    const { user, calls, onPaid } = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [savedVisa] },
      'PUT /api/pledge/confirmed': { status: 200, body: CONFIRMED },
    });
    await user.click(await screen.findByLabelText('Visa ending 4242, expires 04/2031'));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(CONFIRMED));
    expect(calls.find((c) => c.key === 'PUT /api/pledge/confirmed')?.body).toEqual({ payment_method_id: '3', confirmed_amount: 70, cover_fee: false });
    expect(keys(calls)).not.toContain('POST /api/payment_method');
  });

  it('pays with a new card: the test provider saves it, it is recorded, then the pledge is confirmed with it', async () => {
    const { user, calls, onPaid } = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [] },
      'GET /api/payment_method/secret': { status: 200, body: SECRET },
      'POST /api/test-provider/setup/confirm': { status: 200, body: { status: 'succeeded', setup_intent: 'seti_1', payment_method: 'pm_test_1' } },
      'POST /api/payment_method': { status: 201, body: { ...savedVisa, id: 9, stripe_payment_method_id: 'pm_test_1' } },
      'PUT /api/pledge/confirmed': { status: 200, body: CONFIRMED },
    });
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(CONFIRMED));
    const writes = calls.filter((c) => !c.key.startsWith('GET '));
    expect(writes).toEqual([
      { key: 'POST /api/test-provider/setup/confirm', body: { client_secret: 'seti_test_secret', number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' } },
      { key: 'POST /api/payment_method', body: { method_name: 'card', is_enabled: true, stripe_payment_method_id: 'pm_test_1' } },
      { key: 'PUT /api/pledge/confirmed', body: { payment_method_id: '9', confirmed_amount: 70, cover_fee: false } },
    ]);
  });

  it('a declined card shows the red modal and does not confirm', async () => {
    const { user, calls, onPaid } = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [] },
      'GET /api/payment_method/secret': { status: 200, body: SECRET },
      'POST /api/test-provider/setup/confirm': { status: 402, body: { message: 'Your card was declined.', code: 'card.card_error' } },
    });
    await user.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your card could not be used' }, { timeout: 3000 });
    expect(dialog).toHaveTextContent('Your card was declined.');
    // It says what to do next, and the message shows once: in the modal, nowhere else.
    expect(dialog).toHaveTextContent(CARD_ERROR_NEXT_STEP);
    expect(screen.getAllByText('Your card was declined.')).toHaveLength(1);
    expect(onPaid).not.toHaveBeenCalled();
    expect(keys(calls)).not.toContain('PUT /api/pledge/confirmed');
  });

  it('a confirmation the server refuses shows its message', async () => {
    const { user, onPaid } = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [savedVisa] },
      'PUT /api/pledge/confirmed': { status: 409, body: { message: 'Your pledge has changed. Please check the amount.', code: 'pledge.amount_changed' } },
      'GET /api/pledge/closest': { status: 200, body: pendingPledge },
    });
    await user.click(await screen.findByLabelText('Visa ending 4242, expires 04/2031'));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Your pledge has changed. Please check the amount.')).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('Cancel deletes the Pending pledge, then the wizard resets', async () => {
    const { user, calls, onDeleted } = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [savedVisa] },
      'DELETE /api/pledge/delete': { status: 200, body: { message: 'Pledge deleted' } },
      'GET /api/pledge/closest': { status: 404, body: { message: 'No pledges!' } },
    });
    await screen.findByLabelText('Visa ending 4242, expires 04/2031');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(keys(calls)).toContain('DELETE /api/pledge/delete');
    expect(keys(calls)).not.toContain('PUT /api/pledge/confirmed');
  });

  it('Cancel of a pledge already gone (another tab) still resets', async () => {
    const gone = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [] },
      'GET /api/payment_method/secret': { status: 200, body: SECRET },
      'DELETE /api/pledge/delete': { status: 404, body: { message: 'No pending pledge' } },
      'GET /api/pledge/closest': { status: 404, body: { message: 'No pledges!' } },
    });
    await gone.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(gone.onDeleted).toHaveBeenCalledTimes(1));
  });

  it('Cancel that fails for another reason is reported and the pledge stays', async () => {
    const { user, onDeleted } = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [] },
      'GET /api/payment_method/secret': { status: 200, body: SECRET },
      'DELETE /api/pledge/delete': { status: 503, body: { message: 'Please try again in a moment.' } },
      'GET /api/pledge/closest': { status: 200, body: pendingPledge },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Please try again in a moment.')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('reads in order: card fields, the pledge summary, the weekly charge and first date, Finish, then Cancel', async () => {
    renderPaymentStep({ 'GET /api/payment_method': { status: 200, body: [] }, 'GET /api/payment_method/secret': { status: 200, body: SECRET } });
    const cardNumber = await screen.findByLabelText('Card number');
    const summary = screen.getByRole('region', { name: 'Your pledge' });
    const charge = screen.getByTestId('charge-line');
    const finish = screen.getByRole('button', { name: 'Finish' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const order = [cardNumber, summary, charge, finish, cancel];
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING, `item ${i} follows item ${i - 1}`).toBeTruthy();
    }
    // $70 over four weeks: $17.50 a week from Monday 23 November 2026, right above Finish.
    expect(charge).toHaveTextContent('We will charge $17.50 NZD each week (four payments), the first on 23/11/2026.');
    expect(charge.nextElementSibling).toBe(finish);
  });

  it('offers to cover the card fee, unticked; ticked, the weekly charge grows and the confirm says so', async () => {
    const { user, calls, onPaid } = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [savedVisa] },
      'PUT /api/pledge/confirmed': { status: 200, body: CONFIRMED },
    });
    // $17.50 a week: $18.33 leaves the charity $17.50 after the fee of 2.9% + $0.30 ($0.83).
    const box = screen.getByRole('checkbox', { name: 'Add NZ$0.83 a week so the card fee does not come out of your gift' });
    expect(box).not.toBeChecked();
    expect(screen.getByTestId('charge-line')).toHaveTextContent('We will charge $17.50 NZD each week');
    await user.click(box);
    expect(screen.getByTestId('charge-line')).toHaveTextContent('We will charge $18.33 NZD each week');
    await user.click(await screen.findByLabelText('Visa ending 4242, expires 04/2031'));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(CONFIRMED));
    expect(calls.find((c) => c.key === 'PUT /api/pledge/confirmed')?.body).toEqual({ payment_method_id: '3', confirmed_amount: 70, cover_fee: true });
  });

  it("ticked, the fee table charges the gift and its cover, with the fee of that charge, and the total names the cover apart", async () => {
    const { user } = renderPaymentStep({ 'GET /api/payment_method': { status: 200, body: [savedVisa] } });
    const summary = screen.getByRole('region', { name: 'Your pledge' });
    const rows = () => within(summary).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(within(summary).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Charged', 'Card fee', 'To the charity']);
    // Unticked: $17.50 charged, its fee $0.81 comes out of it.
    expect(rows()[0]).toEqual(['23/11/2026', '$17.50', '$0.81', '$16.69']);
    expect(screen.getByTestId('pledge-summary-total')).toHaveTextContent(/^\$70\.00 NZD$/);
    await user.click(screen.getByRole('checkbox', { name: /card fee does not come out of your gift/ }));
    // Ticked: $18.33 is charged, and the fee is the fee of $18.33 ($0.83), never of $17.50 ($0.81).
    expect(rows()).toEqual(['23/11/2026', '30/11/2026', '07/12/2026', '14/12/2026'].map((date) => [date, '$18.33', '$0.83', '$17.50']));
    expect(screen.getByTestId('charge-line')).toHaveTextContent('We will charge $18.33 NZD each week');
    expect(screen.getByTestId('pledge-summary-total')).toHaveTextContent('$70.00 NZD to the charity + $3.32 NZD card fee cover');
    expect(within(summary).getByText(/Card fees/)).toHaveTextContent('paid by the card fee cover you add to each payment, so Youthline receives your whole weekly gift');
  });

  it('a server refusal shows once, above Finish', async () => {
    const { user } = renderPaymentStep({
      'GET /api/payment_method': { status: 200, body: [savedVisa] },
      'PUT /api/pledge/confirmed': { status: 409, body: { message: 'Your pledge has changed. Please check the amount.', code: 'pledge.amount_changed' } },
      'GET /api/pledge/closest': { status: 200, body: pendingPledge },
    });
    await user.click(await screen.findByLabelText('Visa ending 4242, expires 04/2031'));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByText('Your pledge has changed. Please check the amount.');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled());
    expect(screen.getAllByText('Your pledge has changed. Please check the amount.')).toHaveLength(1);
  });
});
