import { type AdminReport, MODERATION_REASON_MAX, type ReportAction } from '@uplift/core/schemas/moderation';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { TextAreaField } from '../../../components/field';

type HideAction = Exclude<ReportAction, 'dismiss'>;

/** What a hide of this report can take off: the whole page or team, or only its photo or story; a message or an update is hidden whole. */
function choicesOf(report: AdminReport): [HideAction, string][] {
  if (report.subject === 'message') return [['hide', 'The message']];
  if (report.subject === 'update') return [['hide', 'The update']];
  const what = report.subject === 'team' ? 'team' : 'page';
  return [
    ['hide', `The whole ${what}`],
    ['hide_photo', 'Only its photo'],
    ['hide_story', 'Only its story'],
  ];
}

/**
 * Hiding what a report is about (docs/decisions/159): what to take off, and the reason, which is
 * mailed to the owner (a team's captain) with how to ask for a review. The reason is required.
 */
export function ReportHideDialog({
  report,
  pending,
  onHide,
  onClose,
}: {
  report: AdminReport | null;
  pending: boolean;
  onHide: (change: { action: HideAction; reason: string }) => void;
  onClose: () => void;
}) {
  const [action, setAction] = useState<HideAction>('hide');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const close = () => {
    setAction('hide');
    setReason('');
    setError('');
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setError('Reason: say why, for the owner (they are mailed it)');
    if (text.length > MODERATION_REASON_MAX) return setError(`Reason: at most ${MODERATION_REASON_MAX} characters`);
    setError('');
    onHide({ action, reason: text });
  };
  return (
    <Dialog open={report !== null} title={report ? `Hide what report ${report.id} is about` : 'Hide'} tone="danger" onClose={close}>
      {report && (
        <form onSubmit={submit} noValidate>
          <fieldset className="field">
            <legend>What to hide</legend>
            {choicesOf(report).map(([value, label]) => (
              <label key={value} className="admin-offer-choice">
                <input type="radio" name="hide-what" value={value} checked={action === value} onChange={() => setAction(value)} /> {label}
              </label>
            ))}
          </fieldset>
          <TextAreaField
            label="Reason, mailed to the owner"
            hint={`They are told what was hidden, this reason and how to ask for a review (${reason.length} of ${MODERATION_REASON_MAX} characters)`}
            rows={3}
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            error={error || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="cp-actions">
            <button type="submit" className="button admin-danger" disabled={pending}>
              Hide and tell the owner
            </button>{' '}
            <button type="button" className="button secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
