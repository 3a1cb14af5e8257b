import {
  HERO_PHOTO_ALT_MAX,
  HERO_PHOTO_MAX_BYTES,
  HERO_PHOTO_MESSAGES,
  HERO_PHOTO_MIN_HEIGHT,
  HERO_PHOTO_MIN_WIDTH,
  campaignPhotoRequestSchema,
  type AdminCampaign,
} from '@uplift/core/schemas/campaign';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { useDeleteCampaignPhoto, useSaveCampaignPhoto } from '../api/campaign-photo';
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
 * A campaign's hero photo (docs/decisions/170), under its row while it is edited, saved on its own
 * as a charity's photo is: choose a file, describe it (required), Upload; or Remove the current one.
 */
export function CampaignPhotoSection({ campaign }: { campaign: AdminCampaign }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [alt, setAlt] = useState(campaign.photo?.alt ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const saveCall = useSaveCampaignPhoto();
  const deleteCall = useDeleteCampaignPhoto();
  const busy = saveCall.isPending || deleteCall.isPending;

  function report(next: { notice?: string; failure?: string; errors?: Errors }) {
    setNotice(next.notice ?? null);
    setFailure(next.failure ?? null);
    setErrors(next.errors ?? {});
  }

  async function onFile(file: File | undefined) {
    setChosen(null);
    report({});
    if (!file) return;
    if (file.size > HERO_PHOTO_MAX_BYTES) return report({ errors: { photo: HERO_PHOTO_MESSAGES.photoTooLarge } });
    if (file.type && !PHOTO_TYPES.includes(file.type)) return report({ errors: { photo: HERO_PHOTO_MESSAGES.photoType } });
    try {
      const dataUrl = await readAsDataUrl(file);
      setChosen({ base64: dataUrl.replace(/^data:[^,]*,/, ''), preview: dataUrl });
    } catch {
      report({ errors: { photo: HERO_PHOTO_MESSAGES.photoUnreadable } });
    }
  }

  async function upload() {
    const checked = campaignPhotoRequestSchema.safeParse({ photo_base64: chosen?.base64 ?? '', alt });
    if (!checked.success) {
      const at = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      return report({ errors: { photo: at('photo_base64'), alt: at('alt') }, failure: 'Could not upload the photo' });
    }
    try {
      await saveCall.mutateAsync({ id: campaign.id, body: checked.data });
      setChosen(null);
      if (fileInput.current) fileInput.current.value = '';
      report({ notice: `Hero photo saved for ${campaign.campaign_name}` });
    } catch (err) {
      const refused = refusedFieldsOf(err);
      const altMessage = refused.find((f) => f.path === 'alt')?.message;
      const photoMessage = refused.find((f) => f.path === 'photo_base64')?.message ?? (altMessage ? undefined : reasonOf(err));
      report({ errors: { photo: photoMessage, alt: altMessage }, failure: 'Could not upload the photo' });
    }
  }

  async function remove() {
    try {
      await deleteCall.mutateAsync(campaign.id);
      setAlt('');
      report({ notice: `Hero photo removed from ${campaign.campaign_name}` });
    } catch (err) {
      report({ failure: `Could not remove the photo: ${reasonOf(err)}` });
    }
  }

  /** Enter in the description uploads, rather than saving the campaign row around it. */
  function onAltKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    e.stopPropagation();
    void upload();
  }

  const preview = chosen?.preview ?? campaign.photo?.url;
  return (
    <fieldset className="admin-photo">
      <legend>Hero photo of campaign {campaign.id}</legend>
      <p className="field-hint">
        Shown across the top of the landing page and on the campaign’s card in the wizard; without one, the drawn illustration is shown.
        Saved on its own, not with the row. Location and camera details are removed.
      </p>
      <div className="admin-photo-layout">
        <div className="admin-photo-preview">
          {preview ? (
            <img
              src={preview}
              alt={chosen ? 'Preview of the chosen photo' : campaign.photo!.alt}
              width={campaign.photo && !chosen ? campaign.photo.width : undefined}
              height={campaign.photo && !chosen ? campaign.photo.height : undefined}
              data-testid="campaign-photo-preview"
            />
          ) : (
            <p className="field-hint">No photo yet: the illustration is shown.</p>
          )}
        </div>
        <div className="admin-photo-fields">
          <TextField
            ref={fileInput}
            label="Photo"
            type="file"
            accept={PHOTO_TYPES.join(',')}
            hint={`JPEG, PNG or WebP, at most 10 MB, at least ${HERO_PHOTO_MIN_WIDTH} × ${HERO_PHOTO_MIN_HEIGHT} pixels`}
            onChange={(e) => void onFile(e.target.files?.[0])}
            error={errors.photo}
          />
          <TextField
            label="Describe the photo"
            hint={`What it shows, for people using screen readers (required, at most ${HERO_PHOTO_ALT_MAX} characters)`}
            maxLength={HERO_PHOTO_ALT_MAX}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            onKeyDown={onAltKey}
            error={errors.alt}
          />
          <div className="admin-row-actions">
            <button type="button" className="button" onClick={() => void upload()} disabled={busy}>
              {saveCall.isPending ? 'Uploading…' : 'Upload photo'}
            </button>
            {campaign.photo && (
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
