import { CHARITY_MESSAGES, PHOTO_ALT_MAX, PHOTO_MAX_BYTES, charityPhotoRequestSchema, type AdminCharity } from '@uplift/core/schemas/admin-charities';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { useDeleteCharityPhoto, useSaveCharityPhoto } from '../api/charities';
import { reasonOf, refusedFieldsOf } from './describe-error';

/** The types a browser names for the files the API takes (it reads the type from the bytes itself). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

type Chosen = { base64: string; preview: string };
type Errors = { photo?: string | undefined; alt?: string | undefined };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Could not read that file'));
    reader.readAsDataURL(file);
  });
}

/**
 * A charity's photo (docs/decisions/129-charity-photos-and-stories.md), beside its logo in the
 * charity form but saved on its own: choose a file, describe it, Upload; or Remove the current one.
 * Only a saved charity has one, so a new charity is told to save first.
 */
export function CharityPhotoSection({ charity }: { charity: AdminCharity | undefined }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [alt, setAlt] = useState(charity?.photo?.alt ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const saveCall = useSaveCharityPhoto();
  const deleteCall = useDeleteCharityPhoto();
  const busy = saveCall.isPending || deleteCall.isPending;

  if (!charity) {
    return (
      <fieldset className="admin-photo" aria-describedby={`${id}-new`}>
        <legend>Charity photo</legend>
        <p className="field-hint" id={`${id}-new`}>
          Save the charity first; then edit it to add a photo.
        </p>
      </fieldset>
    );
  }
  const charityId = charity.id;

  function report(next: { notice?: string; failure?: string; errors?: Errors }) {
    setNotice(next.notice ?? null);
    setFailure(next.failure ?? null);
    setErrors(next.errors ?? {});
  }

  async function onFile(file: File | undefined) {
    setChosen(null);
    report({});
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) return report({ errors: { photo: CHARITY_MESSAGES.photoTooLarge } });
    if (file.type && !PHOTO_TYPES.includes(file.type)) return report({ errors: { photo: CHARITY_MESSAGES.photoType } });
    try {
      const dataUrl = await readAsDataUrl(file);
      setChosen({ base64: dataUrl.replace(/^data:[^,]*,/, ''), preview: dataUrl });
    } catch {
      report({ errors: { photo: CHARITY_MESSAGES.photoUnreadable } });
    }
  }

  async function upload() {
    const checked = charityPhotoRequestSchema.safeParse({ photo_base64: chosen?.base64 ?? '', alt });
    if (!checked.success) {
      const at = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      return report({ errors: { photo: at('photo_base64'), alt: at('alt') }, failure: 'Could not upload the photo' });
    }
    try {
      await saveCall.mutateAsync({ id: charityId, body: checked.data });
      setChosen(null);
      if (fileInput.current) fileInput.current.value = '';
      report({ notice: `Photo saved for ${charity!.recipient_name}` });
    } catch (err) {
      // The API names the alt text as a field; anything else it refuses is about the file.
      const refused = refusedFieldsOf(err);
      const altMessage = refused.find((f) => f.path === 'alt')?.message;
      const photoMessage = refused.find((f) => f.path === 'photo_base64')?.message ?? (altMessage ? undefined : reasonOf(err));
      report({ errors: { photo: photoMessage, alt: altMessage }, failure: 'Could not upload the photo' });
    }
  }

  async function remove() {
    try {
      await deleteCall.mutateAsync(charityId);
      setAlt('');
      report({ notice: `Photo removed from ${charity!.recipient_name}` });
    } catch (err) {
      report({ failure: `Could not remove the photo: ${reasonOf(err)}` });
    }
  }

  /** Enter in the description uploads, rather than saving the charity form around it. */
  function onAltKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void upload();
  }

  const preview = chosen?.preview ?? charity.photo?.card_url;
  return (
    <fieldset className="admin-photo">
      <legend>Charity photo</legend>
      <p className="field-hint">
        Shown on the charity’s cards on the landing page and in the wizard. Saved on its own, not with the form. Use only a photo the
        charity or Uplift may publish; location and camera details are removed.
      </p>
      <div className="admin-photo-layout">
        <div className="admin-photo-preview">
          {preview ? (
            <img
              src={preview}
              alt={chosen ? 'Preview of the chosen photo' : charity.photo!.alt}
              width={charity.photo && !chosen ? charity.photo.width : undefined}
              height={charity.photo && !chosen ? charity.photo.height : undefined}
              data-testid="photo-preview"
            />
          ) : (
            <p className="field-hint">No photo yet.</p>
          )}
        </div>
        <div className="admin-photo-fields">
          <TextField
            ref={fileInput}
            label="Photo"
            type="file"
            accept={PHOTO_TYPES.join(',')}
            hint="JPEG, PNG or WebP, at most 5 MB, at least 600 × 400 pixels"
            onChange={(e) => void onFile(e.target.files?.[0])}
            error={errors.photo}
          />
          <TextField
            label="Describe the photo"
            hint={`What it shows, for people using screen readers (at most ${PHOTO_ALT_MAX} characters)`}
            maxLength={PHOTO_ALT_MAX}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            onKeyDown={onAltKey}
            error={errors.alt}
          />
          <div className="admin-row-actions">
            <button type="button" className="button" onClick={() => void upload()} disabled={busy}>
              {saveCall.isPending ? 'Uploading…' : 'Upload photo'}
            </button>
            {charity.photo && (
              <button type="button" className="button secondary admin-danger" onClick={() => void remove()} disabled={busy}>
                {deleteCall.isPending ? 'Removing…' : 'Remove photo'}
              </button>
            )}
          </div>
        </div>
      </div>
      {failure && <Alert>{failure}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
    </fieldset>
  );
}
