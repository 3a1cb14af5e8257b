import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { formatMoney, parseAmountInput, toMinor } from '@uplift/core/money';
import { CHARITY_MESSAGES, LOGO_MAX_BYTES, isHttpsUrl, type AdminCharity, type CharityRequestInput } from '@uplift/core/schemas/admin-charities';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { CheckboxField, SelectField, TextField } from '../../../components/field';
import { useAdminCharities, useDeleteCharity, useSaveCharity } from '../api/charities';
import { AdminError } from './admin-error';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { reasonOf } from './describe-error';
import '../admin.css';

type Draft = {
  recipient_name: string;
  country: CountryCode;
  impact_cost: string;
  impact_unit: string;
  impact_description: string;
  impact_multiplier: string;
  description: string;
  link: string;
  is_enabled: boolean;
  logo_base64: string | undefined;
  logo_name: string;
};

const emptyDraft: Draft = {
  recipient_name: '',
  country: 'NZ',
  impact_cost: '',
  impact_unit: '',
  impact_description: '',
  impact_multiplier: '1',
  description: '',
  link: 'https://',
  is_enabled: true,
  logo_base64: undefined,
  logo_name: '',
};

function draftOf(c: AdminCharity): Draft {
  return {
    recipient_name: c.recipient_name,
    country: c.country,
    impact_cost: toMinor(c.impact_cost) % 100 === 0 ? String(c.impact_cost) : c.impact_cost.toFixed(2),
    impact_unit: c.impact_unit,
    impact_description: c.impact_description,
    impact_multiplier: String(c.impact_multiplier),
    description: c.description,
    link: c.link,
    is_enabled: c.is_enabled,
    logo_base64: undefined,
    logo_name: '',
  };
}

function bodyOf(c: AdminCharity, changes: Partial<CharityRequestInput> = {}): CharityRequestInput {
  return {
    recipient_name: c.recipient_name,
    country: c.country,
    impact_cost: c.impact_cost,
    impact_unit: c.impact_unit,
    impact_description: c.impact_description,
    impact_multiplier: c.impact_multiplier,
    description: c.description,
    link: c.link,
    is_enabled: c.is_enabled,
    ...changes,
  };
}

type Errors = Partial<Record<keyof Draft, string>>;

/** The same rules the server applies (core's messages), checked before sending. */
function check(d: Draft, adding: boolean): { errors: Errors } | { body: CharityRequestInput } {
  const errors: Errors = {};
  const cost = parseAmountInput(d.impact_cost.trim());
  const multiplier = Number(d.impact_multiplier);
  if (!d.recipient_name.trim()) errors.recipient_name = CHARITY_MESSAGES.nameRequired;
  if (cost === null || cost <= 0) errors.impact_cost = CHARITY_MESSAGES.impactCostInvalid;
  if (!d.impact_unit.trim()) errors.impact_unit = CHARITY_MESSAGES.impactUnitRequired;
  if (!d.impact_description.trim()) errors.impact_description = CHARITY_MESSAGES.impactDescriptionRequired;
  if (!/^\d+$/.test(d.impact_multiplier) || multiplier < 1 || multiplier > 1000) errors.impact_multiplier = CHARITY_MESSAGES.multiplierInvalid;
  if (!d.description.trim()) errors.description = CHARITY_MESSAGES.descriptionRequired;
  if (!isHttpsUrl(d.link.trim())) errors.link = CHARITY_MESSAGES.linkInvalid;
  if (adding && !d.logo_base64) errors.logo_name = CHARITY_MESSAGES.logoRequired;
  if (Object.keys(errors).length > 0 || cost === null) return { errors };
  return {
    body: {
      recipient_name: d.recipient_name.trim(),
      country: d.country,
      impact_cost: cost / 100,
      impact_unit: d.impact_unit.trim(),
      impact_description: d.impact_description.trim(),
      impact_multiplier: multiplier,
      description: d.description.trim(),
      link: d.link.trim(),
      is_enabled: d.is_enabled,
      ...(d.logo_base64 ? { logo_base64: d.logo_base64 } : {}),
    },
  };
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('Could not read that file'));
    reader.readAsDataURL(file);
  });
}

type Editing = { id: number | undefined; draft: Draft };

/** Decision 053: the charities, added, edited, disabled and (without pledges) deleted. */
export function CharityManager() {
  const charities = useAdminCharities();
  const saveCall = useSaveCharity();
  const deleteCall = useDeleteCharity();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ title: string; reason?: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<AdminCharity | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    if (editing) formHeading.current?.focus();
  }, [editing?.id, editing === null]); // eslint-disable-line react-hooks/exhaustive-deps

  function start(next: Editing) {
    setFailure(null);
    setNotice(null);
    setErrors({});
    setEditing(next);
  }

  function change(changes: Partial<Draft>) {
    if (editing) setEditing({ ...editing, draft: { ...editing.draft, ...changes } });
  }

  async function onLogo(file: File | undefined) {
    if (!file) return change({ logo_base64: undefined, logo_name: '' });
    if (file.size > LOGO_MAX_BYTES) {
      setErrors((e) => ({ ...e, logo_name: CHARITY_MESSAGES.logoTooLarge }));
      return change({ logo_base64: undefined, logo_name: '' });
    }
    setErrors((e) => ({ ...e, logo_name: undefined }));
    change({ logo_base64: await readAsBase64(file), logo_name: file.name });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!editing) return;
    const adding = editing.id === undefined;
    const title = adding ? 'Could not add charity' : 'Could not save charity';
    const checked = check(editing.draft, adding);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setFailure({ title, reason: 'Please correct the fields marked in red.' });
      return;
    }
    setErrors({});
    try {
      const saved = await saveCall.mutateAsync({ id: editing.id, body: checked.body });
      setEditing(null);
      setFailure(null);
      setNotice(adding ? `Added ${saved.recipient_name}` : `Saved ${saved.recipient_name}`);
    } catch (err) {
      setFailure({ title, reason: reasonOf(err) });
    }
  }

  async function toggle(c: AdminCharity) {
    setNotice(null);
    try {
      const saved = await saveCall.mutateAsync({ id: c.id, body: bodyOf(c, { is_enabled: !c.is_enabled }) });
      setFailure(null);
      setNotice(saved.is_enabled ? `${saved.recipient_name} is offered to donors again` : `${saved.recipient_name} is disabled: no longer offered to donors`);
    } catch (err) {
      setFailure({ title: 'Could not change charity', reason: reasonOf(err) });
    }
  }

  async function deleteConfirmed() {
    const c = confirmDelete;
    if (!c) return;
    setConfirmDelete(null);
    setNotice(null);
    try {
      await deleteCall.mutateAsync(c.id);
      setFailure(null);
      setNotice(`Deleted ${c.recipient_name}`);
    } catch (err) {
      setFailure({ title: 'Could not delete charity', reason: reasonOf(err) });
    }
  }

  const d = editing?.draft;
  return (
    <div className="admin-charities">
      <div className="admin-toolbar" role="toolbar" aria-label="Charity actions">
        <button type="button" className="button" onClick={() => start({ id: undefined, draft: emptyDraft })} disabled={editing !== null}>
          Add charity
        </button>
      </div>

      {failure && <AdminError title={failure.title} reason={failure.reason} />}
      {notice && <Alert tone="success">{notice}</Alert>}

      {editing && d && (
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
          <h2 id={`${id}-heading`} ref={formHeading} tabIndex={-1}>
            {editing.id === undefined ? 'Add a charity' : `Edit ${d.recipient_name}`}
          </h2>
          <TextField label="Name" value={d.recipient_name} onChange={(e) => change({ recipient_name: e.target.value })} error={errors.recipient_name} maxLength={100} />
          <SelectField label="Country" value={d.country} onChange={(e) => change({ country: e.target.value as CountryCode })}>
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {COUNTRIES[code].name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={`Impact cost (${COUNTRIES[d.country].symbol})`}
            hint="What one unit of impact costs, e.g. 12.50"
            inputMode="decimal"
            value={d.impact_cost}
            onChange={(e) => change({ impact_cost: e.target.value })}
            error={errors.impact_cost}
          />
          <TextField label="Impact unit" hint="e.g. meals" value={d.impact_unit} onChange={(e) => change({ impact_unit: e.target.value })} error={errors.impact_unit} />
          <TextField
            label="Impact description"
            value={d.impact_description}
            onChange={(e) => change({ impact_description: e.target.value })}
            error={errors.impact_description}
          />
          <TextField
            label="Impact multiplier"
            hint="Units of impact per unit paid for (usually 1)"
            inputMode="numeric"
            value={d.impact_multiplier}
            onChange={(e) => change({ impact_multiplier: e.target.value })}
            error={errors.impact_multiplier}
          />
          <div className="field">
            <label htmlFor={`${id}-description`}>Description</label>
            <textarea
              id={`${id}-description`}
              rows={3}
              value={d.description}
              onChange={(e) => change({ description: e.target.value })}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${id}-description-error` : undefined}
            />
            {errors.description && (
              <p className="field-error" id={`${id}-description-error`}>
                {errors.description}
              </p>
            )}
          </div>
          <TextField label="More-info link" type="url" value={d.link} onChange={(e) => change({ link: e.target.value })} error={errors.link} />
          <TextField
            label="Logo"
            type="file"
            accept="image/png,image/svg+xml,image/webp"
            hint={editing.id === undefined ? 'PNG, SVG or WebP, at most 200 KB' : 'PNG, SVG or WebP, at most 200 KB. Leave empty to keep the current logo.'}
            onChange={(e) => void onLogo(e.target.files?.[0])}
            error={errors.logo_name}
          />
          <CheckboxField label="Offered to donors (enabled)" checked={d.is_enabled} onChange={(e) => change({ is_enabled: e.target.checked })} />
          <div className="form-actions admin-row-actions">
            <button type="submit" className="button" disabled={saveCall.isPending}>
              {saveCall.isPending ? 'Saving…' : 'Save charity'}
            </button>
            <button type="button" className="button secondary" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {charities.isError && <AdminError title="Could not load the charities" reason={reasonOf(charities.error)} />}
      {charities.isPending && <p role="status">Loading charities…</p>}
      {charities.isSuccess && (
        <div className="admin-table-scroll" role="region" aria-label="Charities" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Logo</th>
                <th scope="col">Name</th>
                <th scope="col">Country</th>
                <th scope="col">Impact</th>
                <th scope="col">Enabled</th>
                <th scope="col">Pledges</th>
                <th scope="col" className="admin-actions-cell">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {charities.data.map((c) => (
                <tr key={c.id}>
                  <td>
                    <img className="admin-logo" src={c.logo} alt="" width={48} height={48} />
                  </td>
                  <td>
                    <a href={c.link} target="_blank" rel="noreferrer">
                      {c.recipient_name}
                    </a>
                  </td>
                  <td>{COUNTRIES[c.country].name}</td>
                  <td>
                    {formatMoney(toMinor(c.impact_cost), c.country)} per {c.impact_unit}
                    {c.impact_multiplier > 1 ? ` (× ${c.impact_multiplier})` : ''}
                  </td>
                  <td>{c.is_enabled ? 'Yes' : 'No'}</td>
                  <td>{c.pledge_count}</td>
                  <td className="admin-actions-cell">
                    <div className="admin-row-actions">
                      <button type="button" className="button admin-small" onClick={() => start({ id: c.id, draft: draftOf(c) })} aria-label={`Edit ${c.recipient_name}`}>
                        Edit
                      </button>
                      <button type="button" className="button admin-small secondary" onClick={() => void toggle(c)} aria-label={`${c.is_enabled ? 'Disable' : 'Enable'} ${c.recipient_name}`}>
                        {c.is_enabled ? 'Disable' : 'Enable'}
                      </button>
                      {c.pledge_count === 0 && (
                        <button type="button" className="button admin-small admin-danger" onClick={() => setConfirmDelete(c)} aria-label={`Delete ${c.recipient_name}`}>
                          Delete
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDeleteDialog
        name={confirmDelete?.recipient_name ?? null}
        what="charity"
        explanation="The charity and its logo will be removed for good. A charity donors have pledged to cannot be deleted; disable it instead."
        onDelete={() => void deleteConfirmed()}
        onCancel={() => setConfirmDelete(null)}
      />
    </div>
  );
}
