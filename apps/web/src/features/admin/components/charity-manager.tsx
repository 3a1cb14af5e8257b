import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, COUNTRY_CODES } from '@uplift/core/countries';
import { impactRateSentence } from '@uplift/core/impact';
import { fromMinor, parseAmountInput } from '@uplift/core/money';
import {
  CHARITY_MESSAGES,
  LOGO_MAX_BYTES,
  STORY_MAX,
  charityFormOf,
  charityFormSchema,
  type AdminCharity,
  type CharityForm,
  type CharityRequestInput,
} from '@uplift/core/schemas/admin-charities';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/field';
import { useAdminCharities, useDeleteCharity, useSaveCharity } from '../api/charities';
import { AdminEditorForm } from './admin-editor-form';
import { AdminError } from './admin-error';
import { CharityPhotoSection } from './charity-photo-section';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { reasonOf } from './describe-error';
import { MARKED_IN_RED, useAdminEditor } from './use-admin-editor';
import { TableBox } from './table-box';
import '../admin.css';

const emptyCharity: CharityForm = {
  recipient_name: '',
  country: 'NZ',
  impact_cost: '',
  impact_unit: '',
  impact_unit_singular: '',
  impact_description: '',
  impact_multiplier: '1',
  description: '',
  link: 'https://',
  is_enabled: true,
  story: '',
};

function bodyOf(c: AdminCharity, changes: Partial<CharityRequestInput> = {}): CharityRequestInput {
  return {
    recipient_name: c.recipient_name,
    country: c.country,
    impact_cost: c.impact_cost,
    impact_unit: c.impact_unit,
    impact_unit_singular: c.impact_unit_singular,
    impact_description: c.impact_description,
    impact_multiplier: c.impact_multiplier,
    description: c.description,
    link: c.link,
    is_enabled: c.is_enabled,
    story: c.story,
    ...changes,
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

/**
 * What donors will read for the figures being typed, from core's one impact sentence; null until
 * the cost, multiplier and both units are there.
 */
function impactPreview(form: Pick<CharityForm, 'country' | 'impact_cost' | 'impact_multiplier' | 'impact_unit' | 'impact_unit_singular'>): string | null {
  const costMinor = parseAmountInput((form.impact_cost ?? '').trim());
  const multiplier = /^\d+$/.test(form.impact_multiplier ?? '') ? Number(form.impact_multiplier) : 0;
  const unit = (form.impact_unit ?? '').trim();
  const singular = (form.impact_unit_singular ?? '').trim();
  if (costMinor === null || costMinor <= 0 || multiplier < 1 || !unit || !singular) return null;
  return impactRateSentence(
    { impact_cost: fromMinor(costMinor), impact_multiplier: multiplier, impact_unit: unit, impact_unit_singular: singular },
    form.country ?? 'NZ',
  );
}

/** Decision 053: the charities, added, edited, disabled and (without pledges) deleted. */
export function CharityManager() {
  const charities = useAdminCharities();
  const saveCall = useSaveCharity();
  const deleteCall = useDeleteCharity();
  const [confirmDelete, setConfirmDelete] = useState<AdminCharity | null>(null);
  const editor = useAdminEditor({
    resolver: (adding) => zodResolver(charityFormSchema({ adding })),
    save: (id, body) => saveCall.mutateAsync({ id, body }),
    failureTitle: (adding) => (adding ? 'Could not add charity' : 'Could not save charity'),
    refusedReason: () => MARKED_IN_RED,
    savedNotice: (saved, adding) => (adding ? `Added ${saved.recipient_name}` : `Saved ${saved.recipient_name}`),
  });
  const { form, editing, failure, notice, report } = editor;
  const { errors } = form.formState;
  const country = useWatch({ control: form.control, name: 'country' });
  const [impact_cost, impact_multiplier, impact_unit, impact_unit_singular] = useWatch({
    control: form.control,
    name: ['impact_cost', 'impact_multiplier', 'impact_unit', 'impact_unit_singular'],
  });
  const preview = impactPreview({ country, impact_cost, impact_multiplier, impact_unit, impact_unit_singular });
  const storyLength = (useWatch({ control: form.control, name: 'story' }) ?? '').length;
  const editedCharity = editing?.id === undefined ? undefined : charities.data?.find((c) => c.id === editing.id);

  async function onLogo(file: File | undefined) {
    form.setValue('logo_base64', undefined);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      form.setError('logo_base64', { message: CHARITY_MESSAGES.logoTooLarge });
      return;
    }
    form.clearErrors('logo_base64');
    form.setValue('logo_base64', await readAsBase64(file));
  }

  async function toggle(c: AdminCharity) {
    try {
      const saved = await saveCall.mutateAsync({ id: c.id, body: bodyOf(c, { is_enabled: !c.is_enabled }) });
      report(null, saved.is_enabled ? `${saved.recipient_name} is offered to donors again` : `${saved.recipient_name} is disabled: no longer offered to donors`);
    } catch (err) {
      report({ title: 'Could not change charity', reason: reasonOf(err) });
    }
  }

  async function deleteConfirmed() {
    const c = confirmDelete;
    if (!c) return;
    setConfirmDelete(null);
    try {
      await deleteCall.mutateAsync(c.id);
      report(null, `Deleted ${c.recipient_name}`);
    } catch (err) {
      report({ title: 'Could not delete charity', reason: reasonOf(err) });
    }
  }

  return (
    <div className="admin-charities">
      <div className="admin-toolbar" role="toolbar" aria-label="Charity actions">
        <button type="button" className="button" onClick={() => editor.start(undefined, emptyCharity)} disabled={editing !== null}>
          Add charity
        </button>
      </div>

      {failure && <AdminError title={failure.title} reason={failure.reason} />}
      {notice && <Alert tone="success">{notice}</Alert>}

      {editing && (
        <AdminEditorForm key={editing.id ?? 'new'} editor={editor} addTitle="Add a charity" nameField="recipient_name" saveLabel="Save charity">
          <TextField label="Name" maxLength={100} error={errors.recipient_name?.message} {...form.register('recipient_name')} />
          <SelectField label="Country" error={errors.country?.message} {...form.register('country')}>
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {COUNTRIES[code].name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={`Impact cost (${COUNTRIES[country ?? 'NZ'].symbol})`}
            hint="What one unit of impact costs, e.g. 12.50"
            inputMode="decimal"
            error={errors.impact_cost?.message}
            {...form.register('impact_cost')}
          />
          <TextField label="Impact unit" hint="For several, e.g. meals" error={errors.impact_unit?.message} {...form.register('impact_unit')} />
          <TextField
            label="Impact unit for one"
            hint="e.g. meal"
            error={errors.impact_unit_singular?.message}
            {...form.register('impact_unit_singular')}
          />
          <TextField
            label="Impact multiplier"
            hint="Units of impact per unit paid for (usually 1)"
            inputMode="numeric"
            error={errors.impact_multiplier?.message}
            {...form.register('impact_multiplier')}
          />
          <p className="field-hint" data-testid="impact-preview" aria-live="polite">
            {preview ? `Donors read: “${preview}”.` : 'Donors read the impact sentence once the cost, multiplier and both units are filled in.'}
          </p>
          <TextField
            label="Impact description"
            hint="The work in words, without amounts or numbers: the figures come from the fields above"
            error={errors.impact_description?.message}
            {...form.register('impact_description')}
          />
          <TextAreaField label="Description" rows={3} error={errors.description?.message} {...form.register('description')} />
          <TextAreaField
            label="Story"
            rows={6}
            hint={
              <>
                Optional. The charity’s story in plain text, shown under “Their story” on its cards; a blank line starts a new paragraph.{' '}
                <span className={storyLength > STORY_MAX ? 'field-error' : undefined} data-testid="story-count">
                  {storyLength.toLocaleString('en-NZ')} of {STORY_MAX.toLocaleString('en-NZ')} characters
                </span>
              </>
            }
            error={errors.story?.message}
            {...form.register('story')}
          />
          <TextField label="More-info link" type="url" error={errors.link?.message} {...form.register('link')} />
          <TextField
            label="Logo"
            type="file"
            accept="image/png,image/svg+xml,image/webp"
            hint={editing.id === undefined ? 'PNG, SVG or WebP, at most 200 KB' : 'PNG, SVG or WebP, at most 200 KB. Leave empty to keep the current logo.'}
            onChange={(e) => void onLogo(e.target.files?.[0])}
            error={errors.logo_base64?.message}
          />
          <CharityPhotoSection key={editedCharity?.id ?? 'new'} charity={editedCharity} />
          <CheckboxField label="Offered to donors (enabled)" error={errors.is_enabled?.message} {...form.register('is_enabled')} />
        </AdminEditorForm>
      )}

      {charities.isError && <AdminError title="Could not load the charities" reason={reasonOf(charities.error)} />}
      {charities.isPending && <p role="status">Loading charities…</p>}
      {charities.isSuccess && (
        <TableBox label="Charities">
          <table className="admin-table admin-table-wrap">
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
                  <td>{impactRateSentence(c, c.country)}</td>
                  <td>{c.is_enabled ? 'Yes' : 'No'}</td>
                  <td>{c.pledge_count}</td>
                  <td className="admin-actions-cell">
                    <div className="admin-row-actions">
                      <button type="button" className="button admin-small" onClick={() => editor.start(c.id, charityFormOf(c))} aria-label={`Edit ${c.recipient_name}`}>
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
        </TableBox>
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
