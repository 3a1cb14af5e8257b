import { Dialog } from '../../../components/dialog';

/** The red modal for a card that could not be used (product-rules §8); closing it clears the error. */
export function CardErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog open={message !== null} title="Your card could not be used" tone="danger" onClose={onClose}>
      <p className="card-error-message">{message}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </Dialog>
  );
}
