import { formatLongDate } from '@uplift/core/calendar';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { AdminUser } from '@uplift/core/schemas/admin';
import type { AdminPayment } from '@uplift/core/schemas/refund';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { useUserPayments } from '../api/refunds';
import { reasonOf } from './describe-error';
import { RefundDialog } from './refund-dialog';
import { TableBox } from './table-box';

/** What a payment's refunds came to, for its row. */
function refundedText(p: AdminPayment): string {
  if (p.refunded_minor === 0) return '';
  return p.refunded_minor >= p.amount_minor ? `Refunded ${formatMoney(asMinor(p.refunded_minor), p.country)}` : `Partly refunded: ${formatMoney(asMinor(p.refunded_minor), p.country)}`;
}

/**
 * 'Payments' of an account: every payment of its pledges, and a Refund action on each paid one
 * with something left to refund (docs/decisions/132-refunds.md).
 */
export function UserPayments({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const payments = useUserPayments(user.id, open);
  const name = user.erased ? `account ${user.id}` : `${user.first_name} ${user.last_name}`;

  return (
    <>
      <button type="button" className="button admin-small secondary" onClick={() => setOpen(true)} aria-label={`Payments of ${name}`}>
        Payments
      </button>
      {/* Mounted only while open: a closed dialog per row would put every row's dialog text in the table. */}
      {open && (
        <Dialog open={open} title={`Payments of ${name}`} onClose={() => setOpen(false)}>
          {/* Wide enough for every column, Refund included; a wider table scrolls in its own box, never the dialog (docs/decisions/158-admin-with-room.md). */}
          <div className="admin-dialog-wide">
            {payments.isPending && <p role="status">Loading payments…</p>}
            {payments.isError && <p role="alert">{reasonOf(payments.error)}</p>}
            {done && <p role="status">{done}</p>}
            {payments.isSuccess && payments.data.payments.length === 0 && <p>No payments yet.</p>}
            {payments.isSuccess && payments.data.payments.length > 0 && (
              <TableBox label="Payments">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Charity</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">Refunds</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {payments.data.payments.map((p) => (
                      <tr key={p.id}>
                        <td>{formatLongDate(p.processing_date)}</td>
                        <td>{p.recipient_name}</td>
                        <td>{formatMoney(asMinor(p.amount_minor), p.country)}</td>
                        <td>{p.payment_status}</td>
                        <td>{refundedText(p)}</td>
                        <td>
                          {p.payment_status === 'Success' && p.refundable_minor > 0 && (
                            <button
                              type="button"
                              className="button admin-small secondary"
                              onClick={() => setRefunding(p)}
                              aria-label={`Refund the payment of ${formatLongDate(p.processing_date)}`}
                            >
                              Refund
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
            )}
            <div className="form-actions">
              <button type="button" className="button secondary" onClick={() => setOpen(false)}>
                Close
              </button>
            </div>
            <RefundDialog
              userId={user.id}
              payment={refunding}
              onClose={() => setRefunding(null)}
              onRefunded={(r) => refunding && setDone(`Refunded ${formatMoney(asMinor(r.amount_minor), refunding.country)} of the payment of ${formatLongDate(refunding.processing_date)}.`)}
            />
          </div>
        </Dialog>
      )}
    </>
  );
}
