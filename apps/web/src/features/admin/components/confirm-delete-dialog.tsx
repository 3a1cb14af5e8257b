import { Dialog } from '../../../components/dialog';

/** "Delete X?" with what deleting means; Cancel has the focus, so Enter does not delete by accident. */
export function ConfirmDeleteDialog({
  name,
  what,
  explanation,
  onDelete,
  onCancel,
}: {
  /** The record's name, or null when the dialog is closed. */
  name: string | null;
  /** What is deleted, for the button: "charity", "challenge". */
  what: string;
  explanation: string;
  onDelete: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={name !== null} title={`Delete ${name ?? what}?`} tone="danger" onClose={onCancel}>
      <p>{explanation}</p>
      <div className="form-actions">
        <button type="button" className="button admin-danger" onClick={onDelete}>
          Delete {what}
        </button>
        <button type="button" className="button secondary" onClick={onCancel} ref={(el) => el?.setAttribute('autofocus', '')}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
