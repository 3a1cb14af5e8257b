import { formatLongDate, type IsoDate } from '@uplift/core/calendar';
import { MSG } from '@uplift/core/messages';
import { cardCovers } from '@uplift/core/payment-failures';
import type { PaymentMethod } from '../api/types';

type Props = {
  methods: PaymentMethod[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  error: string | null;
  disabled?: boolean;
  /** The pledge's last payment date: a card expiring before it is warned about (decision 047). */
  lastPaymentDate?: IsoDate;
};

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

export function cardLabel(m: Pick<PaymentMethod, 'brand' | 'last4' | 'exp_month' | 'exp_year'>): string {
  return `${brandName(m.brand)} ending ${m.last4}, expires ${String(m.exp_month).padStart(2, '0')}/${m.exp_year}`;
}

/** The donor's saved cards to choose from (product-rules §5 'Please select a payment method'). */
export function SavedCards({ methods, selectedId, onSelect, error, disabled, lastPaymentDate }: Props) {
  if (methods.length === 0) return <p className="no-saved-cards">{MSG.noSavedMethods}</p>;
  return (
    <fieldset className="saved-cards" aria-describedby={error ? 'saved-cards-error' : undefined}>
      <legend>Your saved cards</legend>
      {methods.map((m) => (
        <label key={m.id} className={selectedId === m.id ? 'selected' : undefined}>
          <input type="radio" name="saved-card" value={m.id} checked={selectedId === m.id} disabled={disabled} onChange={() => onSelect(m.id)} />
          {cardLabel(m)}
          {lastPaymentDate && !cardCovers(m, lastPaymentDate) && (
            <span className="field-error card-expiry-warning">
              {' '}
              This card expires before your last payment on {formatLongDate(lastPaymentDate)}. Please use another card.
            </span>
          )}
        </label>
      ))}
      {error && (
        <p className="field-error" id="saved-cards-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
