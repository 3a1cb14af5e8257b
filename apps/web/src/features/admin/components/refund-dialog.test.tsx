import type { AdminUser } from '@uplift/core/schemas/admin';
import type { AdminGift } from '@uplift/core/schemas/gifts';
import type { AdminPayment } from '@uplift/core/schemas/refund';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { GiftSearch } from './gift-search';
import { UserPayments } from './user-payments';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => {
  // jsdom has no modal dialogs; the shared Dialog only needs these two to toggle `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

// docs/decisions/132-refunds.md: a Refund action per paid payment, a dialog with the amount
// prefilled to what is still refundable, a required reason, and nothing sent until confirmed.

const hana: AdminUser = {
  id: 7,
  first_name: 'Hana',
  last_name: 'Kereama',
  email: 'hana@example.org',
  user_address: '5 Rimu Road',
  country: 'NZ',
  activated: true,
  erased: false,
  opt_in_uplift_comms: false,
  opt_in_charity_comms: true,
  pledge_status: 'Confirmed',
  pledge_amount: 70,
  pledge_campaign_id: 1,
};
const paid: AdminPayment = {
  id: 31,
  pledge_id: 5,
  campaign_name: 'November Uplift Challenge',
  recipient_name: 'KidsCan',
  country: 'NZ',
  processing_date: '2026-11-23',
  payment_status: 'Success',
  amount_minor: 1750,
  receipt_number: 'NZ-2026-000031',
  refunded_minor: 500,
  refundable_minor: 1250,
};
const pending: AdminPayment = { ...paid, id: 32, processing_date: '2026-11-30', payment_status: 'Pending', receipt_number: null, refunded_minor: 0, refundable_minor: 0 };

describe('RefundDialog (from the user table’s Payments)', () => {
  it('prefills what is left, requires a reason, and refunds only when confirmed', async () => {
    const calls = stubFetch({
      'GET /api/admin/users/7/payments': { status: 200, body: { payments: [pending, paid] } },
      'POST /api/admin/payments/31/refunds': {
        status: 201,
        body: { id: 3, payment_id: 31, amount_minor: 1000, reason: 'Donor asked', status: 'succeeded', provider_reference: 're_1', failure_message: null, admin_user_id: 1, created_at: '2026-11-24T00:00:00.000Z', settled_at: '2026-11-24T00:00:00.000Z', refundable_minor: 250 },
      },
    });
    const user = userEvent.setup();
    renderAt(<UserPayments user={hana} />, '/admin-user');
    await user.click(screen.getByRole('button', { name: 'Payments of Hana Kereama' }));
    const list = await screen.findByRole('dialog', { name: 'Payments of Hana Kereama' });
    expect(within(list).getByText('Partly refunded: $5.00')).toBeInTheDocument();
    // Only the paid week has a Refund action.
    expect(within(list).getAllByRole('button', { name: /^Refund the payment/ })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Refund the payment of Monday 23 November 2026' }));

    const dialog = await screen.findByRole('dialog', { name: 'Refund payment of Monday 23 November 2026' });
    const amount = within(dialog).getByLabelText('Amount to refund');
    expect(amount).toHaveValue('12.50');

    // No reason, too much: both refused at their fields, nothing sent.
    await user.clear(amount);
    await user.type(amount, '13');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(within(dialog).getByText('Amount can be at most $12.50: what is left of this payment.')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Reason is required/)).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST '))).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Donor asked');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await within(list).findByText('Refunded $10.00 of the payment of Monday 23 November 2026.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST ')).map((c) => [c.key, c.body])).toEqual([
      ['POST /api/admin/payments/31/refunds', { amountMinor: 1000, reason: 'Donor asked' }],
    ]);
  });

  it('shows the server’s refusal (two admins at once) in the dialog', async () => {
    stubFetch({
      'GET /api/admin/users/7/payments': { status: 200, body: { payments: [paid] } },
      'POST /api/admin/payments/31/refunds': {
        status: 409,
        body: { code: 'refund.too_much', message: 'You can refund at most $0.00 of this payment: $17.50 was charged and $17.50 is already refunded or being refunded.' },
      },
    });
    const user = userEvent.setup();
    renderAt(<UserPayments user={hana} />, '/admin-user');
    await user.click(screen.getByRole('button', { name: 'Payments of Hana Kereama' }));
    await user.click(await screen.findByRole('button', { name: 'Refund the payment of Monday 23 November 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment of Monday 23 November 2026' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await within(dialog).findByText(/You can refund at most \$0\.00 of this payment/)).toBeInTheDocument();
  });
});

// docs/decisions/150: a friend's gift, found on the report by receipt number or page slug, is
// refunded with the same dialog, on the gift's route.
const gift: AdminGift = {
  id: 9,
  page_slug: 'aroha-runs',
  campaign_name: 'November Uplift Challenge',
  recipient_name: 'KidsCan',
  country: 'NZ',
  status: 'succeeded',
  amount_minor: 4000,
  receipt_number: 'NZ-2026-000124',
  donor_name: 'Sam Friend',
  settled_at: '2026-11-23T09:00:00.000Z',
  refunded_minor: 1000,
  refundable_minor: 3000,
};

describe('RefundDialog on a gift (from the report’s Gifts search)', () => {
  it('finds the gift, prefills what is left, checks it, and refunds it on the gift’s route only when confirmed', async () => {
    const calls = stubFetch({
      'GET /api/admin/gifts': { status: 200, body: { gifts: [gift, { ...gift, id: 10, status: 'failed', receipt_number: null, refunded_minor: 0, refundable_minor: 0 }] } },
      'POST /api/admin/gifts/9/refunds': {
        status: 201,
        body: { id: 4, payment_id: null, gift_id: 9, amount_minor: 3000, reason: 'Gave twice', status: 'succeeded', provider_reference: 're_2', failure_message: null, admin_user_id: 1, created_at: '2026-11-24T00:00:00.000Z', settled_at: '2026-11-24T00:00:00.000Z', refundable_minor: 0 },
      },
    });
    const user = userEvent.setup();
    renderAt(<GiftSearch />, '/admin-report');
    await user.type(screen.getByLabelText('Receipt number or page slug'), 'NZ-2026-000124');
    await user.click(screen.getByRole('button', { name: 'Find gifts' }));
    const found = await screen.findByRole('region', { name: 'Gifts found' });
    expect(within(found).getByText('Partly refunded: $10.00')).toBeInTheDocument();
    // Only the gift that went through has a Refund action.
    expect(within(found).getAllByRole('button', { name: /^Refund the gift/ })).toHaveLength(1);
    await user.click(within(found).getByRole('button', { name: 'Refund the gift NZ-2026-000124' }));

    const dialog = await screen.findByRole('dialog', { name: 'Refund gift NZ-2026-000124 on /p/aroha-runs' });
    expect(within(dialog).getByText(/\$40\.00 given, \$10\.00 already refunded\. At most \$30\.00 can be refunded\./)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount to refund');
    expect(amount).toHaveValue('30.00');
    await user.clear(amount);
    await user.type(amount, '30.01');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(within(dialog).getByText('Amount can be at most $30.00: what is left of this gift.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST '))).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '30');
    await user.type(within(dialog).getByLabelText('Reason'), 'Gave twice');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refunded $30.00 of the gift NZ-2026-000124.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST ')).map((c) => [c.key, c.body])).toEqual([['POST /api/admin/gifts/9/refunds', { amountMinor: 3000, reason: 'Gave twice' }]]);
    expect(calls.find((c) => c.key === 'GET /api/admin/gifts')!.url).toContain('?q=NZ-2026-000124');
  });
});
