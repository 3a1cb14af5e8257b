import { MSG } from '@uplift/core/messages';
import type { PaymentMethod } from '../api/types';

type Props = {
  methods: PaymentMethod[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  error: string | null;
  disabled?: boolean;
};

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

export function cardLabel(m: Pick<PaymentMethod, 'brand' | 'last4' | 'exp_month' | 'exp_year'>): string {
  return `${brandName(m.brand)} ending ${m.last4}, expires ${String(m.exp_month).padStart(2, '0')}/${m.exp_year}`;
}

/** The donor's saved cards to choose from (SPEC §5 'Please select a payment method'). */
export function SavedCards({ methods, selectedId, onSelect, error, disabled }: Props) {
  if (methods.length === 0) return <p className="no-saved-cards">{MSG.noSavedMethods}</p>;
  return (
    <fieldset className="saved-cards" aria-describedby={error ? 'saved-cards-error' : undefined}>
      <legend>Your saved cards</legend>
      {methods.map((m) => (
        <label key={m.id} className={selectedId === m.id ? 'selected' : undefined}>
          <input type="radio" name="saved-card" value={m.id} checked={selectedId === m.id} disabled={disabled} onChange={() => onSelect(m.id)} />
          {cardLabel(m)}
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
