import { LOGO_MAX_BYTES, MATCH_MESSAGES, matchLogoRequestSchema, type AdminMatch } from '@uplift/core/schemas/match';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { reasonOf } from '../components/describe-error';
import { useDeleteMatchLogo, useSaveMatchLogo } from './matches-api';

// A sponsor's logo (docs/product-rules.md §23, docs/decisions/169-sponsor-logos-stored.md): a file
// the admin uploads, checked and re-encoded by the API and served from our own origin (the page's
// CSP shows only our images). Saved on its own, beside the match's edit form.

/** The types a browser names for the files the API takes (it reads the type from the bytes itself). */
const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Could not read that file'));
    reader.readAsDataURL(file);
  });
}

export function MatchLogoSection({ match }: { match: AdminMatch }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ base64: string; preview: string } | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveMatchLogo(match.campaign_id);
  const remove = useDeleteMatchLogo(match.campaign_id);
  const busy = save.isPending || remove.isPending;

  async function onFile(file: File | undefined) {
    setChosen(null);
    setError(undefined);
    setNotice(null);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setError(MATCH_MESSAGES.logoTooLarge);
    if (file.type && !LOGO_TYPES.includes(file.type)) return setError(MATCH_MESSAGES.logoType);
    try {
      const dataUrl = await readAsDataUrl(file);
      setChosen({ base64: dataUrl.replace(/^data:[^,]*,/, ''), preview: dataUrl });
    } catch {
      setError(MATCH_MESSAGES.logoUnreadable);
    }
  }

  async function upload() {
    setNotice(null);
    const checked = matchLogoRequestSchema.safeParse({ logo_base64: chosen?.base64 ?? '' });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    try {
      await save.mutateAsync({ id: match.id, body: checked.data });
      setChosen(null);
      setError(undefined);
      if (fileInput.current) fileInput.current.value = '';
      setNotice(`Logo saved for ${match.sponsor_name}’s match`);
    } catch (err) {
      setError(reasonOf(err));
    }
  }

  async function removeLogo() {
    setNotice(null);
    try {
      await remove.mutateAsync(match.id);
      setError(undefined);
      setNotice(`Logo removed from ${match.sponsor_name}’s match`);
    } catch (err) {
      setError(reasonOf(err));
    }
  }

  const current = match.sponsor_logo_url;
  return (
    <fieldset className="admin-photo match-logo-section">
      <legend>{match.sponsor_name}’s logo</legend>
      <p className="field-hint">Shown beside the match on pages, teams and the gift form. Saved on its own, not with the form.</p>
      <div className="admin-photo-layout">
        <div className="admin-photo-preview">
          {chosen ? (
            <img src={chosen.preview} alt="Preview of the chosen logo" height={32} data-testid="logo-preview" />
          ) : current ? (
            <img src={current} alt={`${match.sponsor_name}’s logo`} width={match.sponsor_logo_width ?? undefined} height={match.sponsor_logo_height ?? undefined} className="match-logo-current" data-testid="logo-preview" />
          ) : (
            <p className="field-hint">No logo yet.</p>
          )}
        </div>
        <div className="admin-photo-fields">
          <TextField
            ref={fileInput}
            label="Sponsor logo"
            type="file"
            accept={LOGO_TYPES.join(',')}
            hint="JPEG, PNG or WebP, at most 1 MB, at least 64 × 32 pixels"
            onChange={(e) => void onFile(e.target.files?.[0])}
            error={error}
          />
          <div className="admin-row-actions">
            <button type="button" className="button" onClick={() => void upload()} disabled={busy}>
              {save.isPending ? 'Uploading…' : 'Upload logo'}
            </button>
            {current && (
              <button type="button" className="button secondary admin-danger" onClick={() => void removeLogo()} disabled={busy}>
                {remove.isPending ? 'Removing…' : 'Remove logo'}
              </button>
            )}
          </div>
        </div>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
    </fieldset>
  );
}
