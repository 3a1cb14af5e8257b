import { COUNTRIES, COUNTRY_CODES } from '@uplift/core/countries';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { CampaignDraft } from './campaign-draft';

type Props = {
  /** The campaign's id, or undefined for a row being added. */
  id: number | undefined;
  draft: CampaignDraft;
  busy: boolean;
  onChange: (draft: CampaignDraft) => void;
  onSave: () => void;
  onCancel: () => void;
};

/**
 * A table row edited in place: date pickers, a country select and an Active checkbox, each
 * labelled with the row it belongs to. Enter saves, Escape cancels.
 */
export function CampaignEditorRow({ id, draft, busy, onChange, onSave, onCancel }: Props) {
  const nameRef = useRef<HTMLInputElement>(null);
  const rowLabel = id === undefined ? 'new campaign' : `campaign ${id}`;
  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) => onChange({ ...draft, [key]: value });

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLTableRowElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      onSave();
    }
  }

  return (
    <tr className="campaign-editing" onKeyDown={onKeyDown}>
      <td>{id ?? <span className="admin-muted">New</span>}</td>
      <td>
        <input
          ref={nameRef}
          className="admin-input admin-input-name"
          aria-label={`Campaign name, ${rowLabel}`}
          placeholder="November Uplift Challenge"
          value={draft.campaign_name}
          onChange={(e) => set('campaign_name', e.target.value)}
          maxLength={100}
        />
      </td>
      <td>
        <select className="admin-input" aria-label={`Country, ${rowLabel}`} value={draft.country} onChange={(e) => set('country', e.target.value as CampaignDraft['country'])}>
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {COUNTRIES[code].name}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input type="date" className="admin-input" aria-label={`Start date, ${rowLabel}`} value={draft.start_date} onChange={(e) => set('start_date', e.target.value)} />
      </td>
      <td>
        <input type="date" className="admin-input" aria-label={`End date, ${rowLabel}`} value={draft.end_date} onChange={(e) => set('end_date', e.target.value)} />
      </td>
      <td>
        <input
          type="date"
          className="admin-input"
          aria-label={`Billing start date, ${rowLabel}`}
          value={draft.billing_start_date}
          onChange={(e) => set('billing_start_date', e.target.value)}
        />
      </td>
      <td>
        <input type="checkbox" className="admin-checkbox" aria-label={`Active, ${rowLabel}`} checked={draft.is_active} onChange={(e) => set('is_active', e.target.checked)} />
      </td>
      <td className="admin-actions-cell">
        <div className="admin-row-actions">
          <button type="button" className="button admin-small" onClick={onSave} disabled={busy} aria-label={`Save ${rowLabel}`}>
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
