import { CHALLENGE_ICONS, CHALLENGE_MESSAGES, isHttpsUrl, type AdminChallenge, type ChallengeRequestInput } from '@uplift/core/schemas/admin-charities';
import { CHALLENGE_KINDS, type ChallengeKind } from '@uplift/core/schemas/challenge';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { CheckboxField, SelectField, TextField } from '../../../components/field';
import { useAdminChallenges, useDeleteChallenge, useSaveChallenge } from '../api/challenges';
import { AdminError } from './admin-error';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { reasonOf } from './describe-error';
import '../admin.css';

type Draft = {
  name: string;
  icon: (typeof CHALLENGE_ICONS)[number];
  unit: string;
  description: string;
  hashtag: string;
  hashtag_link: string;
  kind: ChallengeKind;
  is_enabled: boolean;
};
type Errors = Partial<Record<keyof Draft, string>>;

const emptyDraft: Draft = { name: '', icon: 'coffee', unit: '', description: '', hashtag: '#', hashtag_link: 'https://', kind: 'units', is_enabled: true };

function draftOf(c: AdminChallenge): Draft {
  const icon = (CHALLENGE_ICONS as readonly string[]).includes(c.icon) ? (c.icon as Draft['icon']) : 'coffee';
  return { name: c.name, icon, unit: c.unit, description: c.description, hashtag: c.hashtag, hashtag_link: c.hashtag_link, kind: c.kind, is_enabled: c.is_enabled };
}

function check(d: Draft): { errors: Errors } | { body: ChallengeRequestInput } {
  const errors: Errors = {};
  if (!d.name.trim()) errors.name = CHALLENGE_MESSAGES.nameRequired;
  if (!d.unit.trim()) errors.unit = CHALLENGE_MESSAGES.unitRequired;
  if (!d.description.trim()) errors.description = CHALLENGE_MESSAGES.descriptionRequired;
  if (!/^#[A-Za-z0-9]{1,60}$/.test(d.hashtag.trim())) errors.hashtag = CHALLENGE_MESSAGES.hashtagInvalid;
  if (!isHttpsUrl(d.hashtag_link.trim())) errors.hashtag_link = CHALLENGE_MESSAGES.linkInvalid;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: { ...d, name: d.name.trim(), unit: d.unit.trim(), description: d.description.trim(), hashtag: d.hashtag.trim(), hashtag_link: d.hashtag_link.trim() },
  };
}

/** Decision 053: the challenges, added, edited, disabled and (without pledges) deleted. */
export function ChallengeManager() {
  const list = useAdminChallenges();
  const saveCall = useSaveChallenge();
  const deleteCall = useDeleteChallenge();
  const [editing, setEditing] = useState<{ id: number | undefined; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ title: string; reason?: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<AdminChallenge | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing?.id, editing === null]); // eslint-disable-line react-hooks/exhaustive-deps

  function change(changes: Partial<Draft>) {
    if (editing) setEditing({ ...editing, draft: { ...editing.draft, ...changes } });
  }

  function start(next: { id: number | undefined; draft: Draft }) {
    setFailure(null);
    setNotice(null);
    setErrors({});
    setEditing(next);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!editing) return;
    const title = editing.id === undefined ? 'Could not add challenge' : 'Could not save challenge';
    const checked = check(editing.draft);
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
      setNotice(editing.id === undefined ? `Added ${saved.name}` : `Saved ${saved.name}`);
    } catch (err) {
      setFailure({ title, reason: reasonOf(err) });
    }
  }

  async function toggle(c: AdminChallenge) {
    setNotice(null);
    try {
      const saved = await saveCall.mutateAsync({ id: c.id, body: { ...draftOf(c), is_enabled: !c.is_enabled } });
      setFailure(null);
      setNotice(saved.is_enabled ? `${saved.name} is offered again` : `${saved.name} is disabled: no longer offered`);
    } catch (err) {
      setFailure({ title: 'Could not change challenge', reason: reasonOf(err) });
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
      setNotice(`Deleted ${c.name}`);
    } catch (err) {
      setFailure({ title: 'Could not delete challenge', reason: reasonOf(err) });
    }
  }

  const d = editing?.draft;
  return (
    <div className="admin-challenges">
      <div className="admin-toolbar" role="toolbar" aria-label="Challenge actions">
        <button type="button" className="button" onClick={() => start({ id: undefined, draft: emptyDraft })} disabled={editing !== null}>
          Add challenge
        </button>
      </div>
      {failure && <AdminError title={failure.title} reason={failure.reason} />}
      {notice && <Alert tone="success">{notice}</Alert>}

      {editing && d && (
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
          <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
            {editing.id === undefined ? 'Add a challenge' : `Edit ${d.name}`}
          </h2>
          <TextField label="Name" value={d.name} onChange={(e) => change({ name: e.target.value })} error={errors.name} maxLength={100} />
          <SelectField label="Icon" value={d.icon} onChange={(e) => change({ icon: e.target.value as Draft['icon'] })}>
            {CHALLENGE_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {icon}
              </option>
            ))}
          </SelectField>
          <TextField label="Unit" hint="e.g. coffees" value={d.unit} onChange={(e) => change({ unit: e.target.value })} error={errors.unit} />
          <TextField label="Description" value={d.description} onChange={(e) => change({ description: e.target.value })} error={errors.description} />
          <TextField label="Hashtag" value={d.hashtag} onChange={(e) => change({ hashtag: e.target.value })} error={errors.hashtag} />
          <TextField label="Hashtag link" type="url" value={d.hashtag_link} onChange={(e) => change({ hashtag_link: e.target.value })} error={errors.hashtag_link} />
          <SelectField label="Priced by" value={d.kind} onChange={(e) => change({ kind: e.target.value as ChallengeKind })}>
            {CHALLENGE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind === 'commute' ? 'distance and parking (commute)' : 'units'}
              </option>
            ))}
          </SelectField>
          <CheckboxField label="Offered to donors (enabled)" checked={d.is_enabled} onChange={(e) => change({ is_enabled: e.target.checked })} />
          <div className="form-actions admin-row-actions">
            <button type="submit" className="button" disabled={saveCall.isPending}>
              {saveCall.isPending ? 'Saving…' : 'Save challenge'}
            </button>
            <button type="button" className="button secondary" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {list.isError && <AdminError title="Could not load the challenges" reason={reasonOf(list.error)} />}
      {list.isPending && <p role="status">Loading challenges…</p>}
      {list.isSuccess && (
        <div className="admin-table-scroll" role="region" aria-label="Challenges" tabIndex={0}>
          <table className="admin-table admin-table-name-first">
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
                      <button type="button" className="button admin-small" onClick={() => start({ id: c.id, draft: draftOf(c) })} aria-label={`Edit ${c.name}`}>
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
        </div>
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
