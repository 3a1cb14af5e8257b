import { REPORT_REASON_MAX, type ReportRequest } from '@uplift/core/schemas/moderation';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { api, ApiError } from '../../../lib/api-client';
import { WHAT, type ReportButtonProps } from './report-subject';

/** POST /api/reports: anyone, no account. */
function sendReport(body: ReportRequest): Promise<{ message: string }> {
  return api<{ message: string }>('/api/reports', { method: 'POST', body });
}

/** The words to show for a refused report: the field's own message where the API names one. */
function problemOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = (error.body as { errors?: { message: string }[] } | undefined)?.errors;
    if (fields?.length) return fields.map((f) => f.message).join(' ');
    if (error.status === 429) return 'Too many reports from here just now. Please try again in a few minutes.';
    return error.message;
  }
  return 'The report could not be sent. Please check your connection and try again.';
}

/** The report dialog, open from the moment it is mounted. */
export default function ReportDialog(props: ReportButtonProps & { onClose: () => void }) {
  return (
    <Dialog open title={`Report ${WHAT[props.subject]}`} onClose={props.onClose}>
      <ReportForm {...props} />
    </Dialog>
  );
}

function ReportForm({ subject, slug, giftId, updateId, onClose }: ReportButtonProps & { onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useMutation({ mutationFn: sendReport });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length === 0) return setError('reason: say what is wrong');
    if (trimmed.length > REPORT_REASON_MAX) return setError(`reason: at most ${REPORT_REASON_MAX} characters`);
    setError(null);
    const body: ReportRequest =
      subject === 'message' ? { subject, gift_id: giftId, reason: trimmed } : subject === 'update' ? { subject, update_id: updateId, reason: trimmed } : { subject, slug, reason: trimmed };
    report.mutate(body, { onError: (e) => setError(problemOf(e)) });
  };

  if (report.isSuccess) {
    return (
      <div>
        <p role="status">{report.data.message}</p>
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>Tell us what is wrong with {WHAT[subject]}. An admin will read it; you do not need an account.</p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>What is wrong?</label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={REPORT_REASON_MAX}
          rows={4}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-count`} className="field-hint">
          {reason.length} of {REPORT_REASON_MAX} characters
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={report.isPending}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
