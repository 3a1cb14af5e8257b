import { COUNTRIES, COUNTRY_CODES } from '@uplift/core/countries';
import type { CampaignRequest, CampaignRequestInput } from '@uplift/core/schemas/campaign';
import { useEffect, useId, type KeyboardEvent } from 'react';
import type { AdminEditor } from './use-admin-editor';

type Props = {
  /** The campaign's id, or undefined for a row being added. */
  id: number | undefined;
  editor: AdminEditor<CampaignRequestInput, CampaignRequest, unknown>;
  onCancel: () => void;
};

/**
 * A table row edited in place (useAdminEditor): date pickers, a country select and an Active
 * checkbox, each labelled with the row it belongs to, and a refused one's message under it.
 * Enter saves, Escape cancels.
 */
export function CampaignEditorRow({ id, editor, onCancel }: Props) {
  const { form, busy, submit } = editor;
  const { errors } = form.formState;
  const { setFocus } = form;
  const errorId = useId();
  const rowLabel = id === undefined ? 'new campaign' : `campaign ${id}`;

  useEffect(() => {
    setFocus('campaign_name');
  }, [setFocus]);

  /** An input's props: registered on the form, and tied to its message when refused. */
  function field(name: keyof CampaignRequestInput, options?: { setValueAs: (v: unknown) => unknown }) {
    const refused = errors[name]?.message !== undefined;
    return {
      ...form.register(name, options),
      'aria-invalid': refused ? true : undefined,
      'aria-describedby': refused ? `${errorId}-${name}` : undefined,
    };
  }

  function problem(name: keyof CampaignRequestInput) {
    const message = errors[name]?.message;
    return message === undefined ? null : (
      <p className="field-error admin-cell-error" id={`${errorId}-${name}`}>
        {message}
      </p>
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLTableRowElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <tr className="campaign-editing" onKeyDown={onKeyDown}>
      <td>{id ?? <span className="admin-muted">New</span>}</td>
      <td>
        <input
          className="admin-input admin-input-name"
          aria-label={`Campaign name, ${rowLabel}`}
          placeholder="November Uplift Challenge"
          maxLength={100}
          {...field('campaign_name')}
        />
        {problem('campaign_name')}
      </td>
      <td>
        <select className="admin-input" aria-label={`Country, ${rowLabel}`} {...field('country')}>
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {COUNTRIES[code].name}
            </option>
          ))}
        </select>
        {problem('country')}
      </td>
      <td>
        <input type="date" className="admin-input" aria-label={`Start date, ${rowLabel}`} {...field('start_date')} />
        {problem('start_date')}
      </td>
      <td>
        <input type="date" className="admin-input" aria-label={`End date, ${rowLabel}`} {...field('end_date')} />
        {problem('end_date')}
      </td>
      <td>
        <input type="date" className="admin-input" aria-label={`Billing start date, ${rowLabel}`} {...field('billing_start_date')} />
        {problem('billing_start_date')}
      </td>
      <td>
        <input type="checkbox" className="admin-checkbox" aria-label={`Active, ${rowLabel}`} {...field('is_active')} />
        {problem('is_active')}
      </td>
      <td>
        <input
          className="admin-input admin-input-amount"
          inputMode="decimal"
          aria-label={`Goal in the campaign’s currency, ${rowLabel}`}
          placeholder="None"
          {...field('goal_amount', { setValueAs: (v: unknown) => (v === '' || v === null ? null : typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''))) })}
        />
        {problem('goal_amount')}
      </td>
      <td className="admin-actions-cell">
        <div className="admin-row-actions">
          <button type="button" className="button admin-small" onClick={() => void submit()} disabled={busy} aria-label={`Save ${rowLabel}`}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button admin-small secondary" onClick={onCancel} disabled={busy} aria-label={`Cancel ${rowLabel}`}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}
