import { Dialog } from '../../../components/dialog';

/** What to do about it: setting a card up takes no money, so trying again is safe. */
export const CARD_ERROR_NEXT_STEP = 'Try another card, or ask your bank why it refused this one. Nothing has been charged.';

/** The red modal for a card that could not be used (product-rules §8); closing it clears the error. */
export function CardErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog open={message !== null} title="Your card could not be used" tone="danger" onClose={onClose}>
      <p className="card-error-message">{message}</p>
      <p>{CARD_ERROR_NEXT_STEP}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </Dialog>
  );
}
