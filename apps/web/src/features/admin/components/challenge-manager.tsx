import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHALLENGE_ICONS,
  challengeRequestSchema,
  type AdminChallenge,
  type ChallengeRequestInput,
} from '@uplift/core/schemas/admin-charities';
import { CHALLENGE_KINDS } from '@uplift/core/schemas/challenge';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { CheckboxField, SelectField, TextField } from '../../../components/field';
import { useAdminChallenges, useDeleteChallenge, useSaveChallenge } from '../api/challenges';
import { AdminEditorForm } from './admin-editor-form';
import { AdminError } from './admin-error';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { reasonOf } from './describe-error';
import { MARKED_IN_RED, useAdminEditor } from './use-admin-editor';
import { TableBox } from './table-box';
import '../admin.css';

/** The challenge form's values: the request as its inputs hold it, every field present. */
type ChallengeForm = Required<ChallengeRequestInput>;

const emptyChallenge: ChallengeForm = { name: '', icon: 'coffee', unit: '', description: '', hashtag: '#', hashtag_link: 'https://', kind: 'units', is_enabled: true };

function formOf(c: AdminChallenge): ChallengeForm {
  const icon = (CHALLENGE_ICONS as readonly string[]).includes(c.icon) ? (c.icon as ChallengeForm['icon']) : 'coffee';
  return { name: c.name, icon, unit: c.unit, description: c.description, hashtag: c.hashtag, hashtag_link: c.hashtag_link, kind: c.kind, is_enabled: c.is_enabled };
}

/** Decision 053: the challenges, added, edited, disabled and (without pledges) deleted. */
export function ChallengeManager() {
  const list = useAdminChallenges();
  const saveCall = useSaveChallenge();
  const deleteCall = useDeleteChallenge();
  const [confirmDelete, setConfirmDelete] = useState<AdminChallenge | null>(null);
  const editor = useAdminEditor({
    resolver: () => zodResolver(challengeRequestSchema),
    save: (id, body) => saveCall.mutateAsync({ id, body }),
    failureTitle: (adding) => (adding ? 'Could not add challenge' : 'Could not save challenge'),
    refusedReason: () => MARKED_IN_RED,
    savedNotice: (saved, adding) => (adding ? `Added ${saved.name}` : `Saved ${saved.name}`),
  });
  const { form, editing, failure, notice, report } = editor;
  const { errors } = form.formState;

  async function toggle(c: AdminChallenge) {
    try {
      const saved = await saveCall.mutateAsync({ id: c.id, body: { ...formOf(c), is_enabled: !c.is_enabled } });
      report(null, saved.is_enabled ? `${saved.name} is offered again` : `${saved.name} is disabled: no longer offered`);
    } catch (err) {
      report({ title: 'Could not change challenge', reason: reasonOf(err) });
    }
  }

  async function deleteConfirmed() {
    const c = confirmDelete;
    if (!c) return;
    setConfirmDelete(null);
    try {
      await deleteCall.mutateAsync(c.id);
      report(null, `Deleted ${c.name}`);
    } catch (err) {
      report({ title: 'Could not delete challenge', reason: reasonOf(err) });
    }
  }

  return (
    <div className="admin-challenges">
      <div className="admin-toolbar" role="toolbar" aria-label="Challenge actions">
        <button type="button" className="button" onClick={() => editor.start(undefined, emptyChallenge)} disabled={editing !== null}>
          Add challenge
        </button>
      </div>
      {failure && <AdminError title={failure.title} reason={failure.reason} />}
      {notice && <Alert tone="success">{notice}</Alert>}

      {editing && (
        <AdminEditorForm key={editing.id ?? 'new'} editor={editor} addTitle="Add a challenge" nameField="name" saveLabel="Save challenge">
          <TextField label="Name" maxLength={100} error={errors.name?.message} {...form.register('name')} />
          <SelectField label="Icon" error={errors.icon?.message} {...form.register('icon')}>
            {CHALLENGE_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {icon}
              </option>
            ))}
          </SelectField>
          <TextField label="Unit" hint="e.g. coffees" error={errors.unit?.message} {...form.register('unit')} />
          <TextField label="Description" error={errors.description?.message} {...form.register('description')} />
          <TextField label="Hashtag" error={errors.hashtag?.message} {...form.register('hashtag')} />
          <TextField label="Hashtag link" type="url" error={errors.hashtag_link?.message} {...form.register('hashtag_link')} />
          <SelectField label="Priced by" error={errors.kind?.message} {...form.register('kind')}>
            {CHALLENGE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind === 'commute' ? 'distance and parking (commute)' : 'units'}
              </option>
            ))}
          </SelectField>
          <CheckboxField label="Offered to donors (enabled)" error={errors.is_enabled?.message} {...form.register('is_enabled')} />
        </AdminEditorForm>
      )}

      {list.isError && <AdminError title="Could not load the challenges" reason={reasonOf(list.error)} />}
      {list.isPending && <p role="status">Loading challenges…</p>}
      {list.isSuccess && (
        <TableBox label="Challenges">
          <table className="admin-table admin-table-wrap admin-table-name-first">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Unit</th>
                <th scope="col">Hashtag</th>
                <th scope="col">Enabled</th>
                <th scope="col">Pledges</th>
                <th scope="col" className="admin-actions-cell">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.id}>
                  <td>{c.name}</td>
                  <td>{c.unit}</td>
                  <td>{c.hashtag}</td>
                  <td>{c.is_enabled ? 'Yes' : 'No'}</td>
                  <td>{c.pledge_count}</td>
                  <td className="admin-actions-cell">
                    <div className="admin-row-actions">
                      <button type="button" className="button admin-small" onClick={() => editor.start(c.id, formOf(c))} aria-label={`Edit ${c.name}`}>
                        Edit
                      </button>
                      <button type="button" className="button admin-small secondary" onClick={() => void toggle(c)} aria-label={`${c.is_enabled ? 'Disable' : 'Enable'} ${c.name}`}>
                        {c.is_enabled ? 'Disable' : 'Enable'}
                      </button>
                      {c.pledge_count === 0 && (
                        <button type="button" className="button admin-small admin-danger" onClick={() => setConfirmDelete(c)} aria-label={`Delete ${c.name}`}>
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
        name={confirmDelete?.name ?? null}
        what="challenge"
        explanation="The challenge will be removed for good. A challenge donors have pledged to cannot be deleted; disable it instead."
        onDelete={() => void deleteConfirmed()}
        onCancel={() => setConfirmDelete(null)}
      />
    </div>
  );
}
