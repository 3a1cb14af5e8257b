import { formatLongDate, todayInCountry } from '@uplift/core/calendar';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { AdminGift } from '@uplift/core/schemas/gifts';
import { useId, useState, type FormEvent } from 'react';
import { useAdminGifts } from '../api/gifts';
import { reasonOf } from './describe-error';
import { GiftRefundDialog } from './refund-dialog';
import { TableBox } from './table-box';

/** What a gift's refunds came to, for its row. */
function refundedText(g: AdminGift): string {
  if (g.refunded_minor === 0) return '';
  const money = formatMoney(asMinor(g.refunded_minor), g.country);
  return g.refunded_minor >= g.amount_minor ? `Refunded ${money}` : `Partly refunded: ${money}`;
}

/**
 * 'Gifts' on the admin report (docs/decisions/150): find a friend's gift by its receipt number or
 * its page's slug, and refund it with the payment refund's dialog.
 */
export function GiftSearch() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [refunding, setRefunding] = useState<AdminGift | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const gifts = useAdminGifts(q);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setQ(typed.trim());
  };

  return (
    <div className="admin-gift-search">
      <form onSubmit={submit} role="search" aria-label="Find a gift">
        <div className="field">
          <label htmlFor={`${id}-q`}>Receipt number or page slug</label>
          <input id={`${id}-q`} value={typed} maxLength={60} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button secondary">
            Find gifts
          </button>
        </div>
      </form>
      {done && <p role="status">{done}</p>}
      {gifts.isFetching && <p role="status">Looking for gifts…</p>}
      {gifts.isError && <p role="alert">{reasonOf(gifts.error)}</p>}
      {gifts.isSuccess && gifts.data.gifts.length === 0 && <p className="admin-muted">No gift has that receipt number or page.</p>}
      {gifts.isSuccess && gifts.data.gifts.length > 0 && (
        <TableBox label="Gifts found">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Receipt number</th>
                <th scope="col">Page</th>
                <th scope="col">Friend</th>
                <th scope="col">Given</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Refunds</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {gifts.data.gifts.map((g) => (
                <tr key={g.id}>
                  <td>{g.receipt_number ?? '—'}</td>
                  <td>{g.page_slug ? `/p/${g.page_slug}` : '—'}</td>
                  <td>{g.donor_name ?? '(erased)'}</td>
                  <td>{g.settled_at ? formatLongDate(todayInCountry(g.country, new Date(g.settled_at))) : '—'}</td>
                  <td>{formatMoney(asMinor(g.amount_minor), g.country)}</td>
                  <td>{g.status}</td>
                  <td>{refundedText(g)}</td>
                  <td>
                    {g.status === 'succeeded' && g.refundable_minor > 0 && (
                      <button
                        type="button"
                        className="button admin-small secondary"
                        onClick={() => setRefunding(g)}
                        aria-label={`Refund the gift ${g.receipt_number ?? g.id}`}
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
      <GiftRefundDialog
        gift={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={(r) => refunding && setDone(`Refunded ${formatMoney(asMinor(r.amount_minor), refunding.country)} of the gift ${refunding.receipt_number ?? refunding.id}.`)}
      />
    </div>
  );
}
