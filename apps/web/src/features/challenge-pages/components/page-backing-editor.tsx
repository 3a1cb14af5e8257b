import { COVER_MIN_HEIGHT, COVER_MIN_WIDTH, type MyPage, UPDATE_MAX } from '@uplift/core/schemas/challenge-pages';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { TextAreaField } from '../../../components/field';
import { useDeleteUpdate, usePostUpdate, useRemovePageCover, useSetPageCover } from '../api/pages';
import { PageCoverPicture } from './page-cover';
import { postedOn } from './page-updates';

// /my-page's cover and updates (docs/decisions/166).

const readFile = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Photo: this file could not be read'));
    reader.readAsDataURL(file);
  });

/** The page's wide cover: upload, replace or remove it. */
export function CoverEditor({ page }: { page: MyPage }) {
  const setCover = useSetPageCover();
  const removeCover = useRemovePageCover();
  const [readError, setReadError] = useState('');
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setReadError('');
    try {
      setCover.mutate(await readFile(file));
    } catch (err) {
      setReadError((err as Error).message);
    }
  };
  return (
    <section className="cp-cover-edit" aria-labelledby="cp-cover-title">
      <h2 id="cp-cover-title">Cover photo</h2>
      <p className="cp-muted">A wide picture across the top of your page, cropped to 3:1 about its middle. Your own photo stays as your face.</p>
      {page.cover ? <PageCoverPicture cover={page.cover} /> : <p className="cp-muted">No cover yet.</p>}
      <div className="field">
        <label htmlFor="cp-cover-input">
          Choose a cover (JPEG, PNG or WebP, at most 5 MB, at least {COVER_MIN_WIDTH} × {COVER_MIN_HEIGHT})
        </label>
        <input id="cp-cover-input" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void choose(e.target.files?.[0])} />
      </div>
      {setCover.isPending && <p role="status">Uploading…</p>}
      {setCover.isSuccess && <Alert tone="success">Cover saved.</Alert>}
      {(readError || setCover.isError) && <Alert>{readError || setCover.error?.message}</Alert>}
      {removeCover.isError && <Alert>{removeCover.error.message}</Alert>}
      {page.cover && (
        <button type="button" className="button secondary" disabled={removeCover.isPending} onClick={() => removeCover.mutate()}>
          Remove the cover
        </button>
      )}
    </section>
  );
}

/** Post a short update (the suggested one, from the page's own numbers, to edit first) and delete old ones. */
export function UpdatesEditor({ page }: { page: MyPage }) {
  const post = usePostUpdate();
  const remove = useDeleteUpdate();
  const [body, setBody] = useState('');
  const [photo, setPhoto] = useState<string | undefined>(undefined);
  const [posted, setPosted] = useState('');
  const submit = () => {
    setPosted('');
    post.mutate(
      { body, ...(photo ? { photo_base64: photo } : {}) },
      {
        onSuccess: () => {
          setBody('');
          setPhoto(undefined);
          setPosted('Update posted.');
        },
      },
    );
  };
  return (
    <section aria-labelledby="cp-updates-edit-title">
      <h2 id="cp-updates-edit-title">Updates</h2>
      <p className="cp-muted">Tell your backers how it is going. Updates show on your page, newest first.</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <button type="button" className="button secondary cp-small" onClick={() => setBody(page.suggested_update)}>
          Use the suggested update
        </button>
        <TextAreaField
          label="Your update"
          hint={`Plain text (${body.length} of ${UPDATE_MAX} characters). Suggested: “${page.suggested_update}”`}
          rows={4}
          maxLength={UPDATE_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <div className="field">
          <label htmlFor="cp-update-photo">Add a photo (optional: JPEG, PNG or WebP, at most 5 MB, at least 200 × 200)</label>
          <input id="cp-update-photo" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => e.target.files?.[0] && void readFile(e.target.files[0]).then(setPhoto)} />
        </div>
        {post.isError && <Alert>{post.error.message}</Alert>}
        {posted && <Alert tone="success">{posted}</Alert>}
        <button type="submit" className="button" disabled={post.isPending}>
          Post the update
        </button>
      </form>
      {page.updates.length > 0 && (
        <ol className="cp-updates">
          {page.updates.map((u) => (
            <li key={u.id}>
              <p className="cp-muted cp-update-date">
                <time dateTime={u.created_at}>{postedOn(u.created_at, page.country)}</time>
                {u.hidden && ' · hidden by an admin: only you can see it'}
              </p>
              <p className="cp-story">{u.body}</p>
              <button type="button" className="button secondary cp-small" disabled={remove.isPending} onClick={() => remove.mutate(u.id)}>
                Delete this update
              </button>
            </li>
          ))}
        </ol>
      )}
      {remove.isError && <Alert>{remove.error.message}</Alert>}
    </section>
  );
}
