import { BRAND } from '@uplift/core/brand';
import { COUNTRIES } from '@uplift/core/countries';
import { decimalText, parseAmountInput, asMinor } from '@uplift/core/money';
import { GOAL_MAX_MINOR, type MyPage, STORY_MAX } from '@uplift/core/schemas/challenge-pages';
import { normaliseSlug } from '@uplift/core/slug';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { CheckboxField, TextAreaField, TextField } from '../../../components/field';
import { MyPageShare } from '../../../components/share/my-page-share';
import { RequireAuth } from '../../../lib/require-auth';
import { usePageTitle } from '../../../lib/use-page-title';
import { challengePagePath, teamPagePath } from '../paths';
import {
  useCreatePage,
  useCreateTeam,
  useDeletePage,
  useLeaveTeam,
  useMyPage,
  useRemovePagePhoto,
  useSetPagePhoto,
  useSetTeamPhoto,
  useUpdatePage,
  useUpdateTeam,
} from '../api/pages';
import { CoverEditor, UpdatesEditor } from './page-backing-editor';
import { moneyIn, RaisedProgress } from './raised-progress';
import { SlugField } from './slug-field';
import { LeaderboardQuestion, StartFromThanks } from './start-from-thanks';
import '../challenge-pages.css';

/** /my-page, signed in only. */
export function MyPageScreen() {
  usePageTitle('Your challenge page');
  return (
    <RequireAuth>
      <MyPageEditor />
    </RequireAuth>
  );
}

/** /my-page (docs/decisions/142): create the page, then edit, publish, hide or delete it, and start or leave a team. */
export function MyPageEditor() {
  const mine = useMyPage();
  // From the thank-you page or the confirmed-pledge mail: a prefilled form, published in one step (docs/decisions/167).
  const fromThanks = useSearchParams()[0].get('start') === 'thanks';
  // Just published, and not on the leaderboard: its owner is asked whether to appear there.
  const [askLeaderboard, setAskLeaderboard] = useState(false);
  if (mine.isPending) return <p className="page narrow" role="status">Loading your page…</p>;
  if (mine.isError)
    return (
      <div className="page narrow">
        <Alert>{mine.error.message}</Alert>
      </div>
    );
  return (
    <div className="page narrow cp-editor">
      {mine.data ? (
        <EditPage page={mine.data} askLeaderboard={askLeaderboard} onPublished={(page) => setAskLeaderboard(!page.on_leaderboard)} />
      ) : fromThanks ? (
        <StartFromThanks onPublished={() => setAskLeaderboard(true)} fallback={<CreatePage />} />
      ) : (
        <CreatePage />
      )}
    </div>
  );
}

function CreatePage() {
  const create = useCreatePage();
  const [slug, setSlug] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ slug });
  };
  return (
    <>
      <h1>Ask friends to back you</h1>
      <p>Make a page about your challenge. Friends can give to your charity on it, and you choose when it goes public.</p>
      <form onSubmit={submit} noValidate>
        <SlugField kind="page" value={slug} onChange={setSlug} />
        {create.isError && <Alert>{create.error.message}</Alert>}
        <button type="submit" className="button" disabled={create.isPending}>
          Create my page
        </button>
      </form>
    </>
  );
}

const readFile = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Photo: this file could not be read'));
    reader.readAsDataURL(file);
  });

function EditPage({ page, askLeaderboard, onPublished }: { page: MyPage; askLeaderboard: boolean; onPublished: (page: MyPage) => void }) {
  const update = useUpdatePage();
  const remove = useDeletePage();
  const setPhoto = useSetPagePhoto();
  const removePhoto = useRemovePagePhoto();
  const country = COUNTRIES[page.country];
  const money = moneyIn(page.country);
  const [form, setForm] = useState({
    slug: page.slug,
    display_name: page.display_name,
    story: page.story,
    goal: decimalText(asMinor(page.goal)),
    on_leaderboard: page.on_leaderboard,
    gift_mails: page.gift_mails,
  });
  const [goalError, setGoalError] = useState('');
  const [saved, setSaved] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [preview, setPreview] = useState<string | undefined>(undefined);

  const save = (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    const goal = parseAmountInput(form.goal);
    if (goal === null || goal <= 0 || goal > GOAL_MAX_MINOR) {
      setGoalError(`Goal: an amount more than ${money(0)} and at most ${money(GOAL_MAX_MINOR)}`);
      return;
    }
    setGoalError('');
    update.mutate(
      { slug: normaliseSlug(form.slug), display_name: form.display_name, story: form.story, goal, on_leaderboard: form.on_leaderboard, gift_mails: form.gift_mails },
      { onSuccess: () => setSaved('Saved.') },
    );
  };
  const publish = (published: boolean) => {
    setSaved('');
    update.mutate(
      { published },
      {
        onSuccess: (after) => {
          setSaved(published ? 'Your page is public.' : 'Your page is hidden again.');
          if (published) onPublished(after);
        },
      },
    );
  };
  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    const data = await readFile(file);
    setPreview(data);
    setPhoto.mutate(data, { onSettled: () => setPreview(undefined) });
  };
  const photo = preview ?? page.photo_url;

  return (
    <>
      <h1>Your challenge page</h1>
      {page.moderated ? (
        // One state, with the admin's reason (docs/decisions/159), and what the hide holds until an
        // admin reviews it (docs/decisions/154); the server refuses the rest with the same words.
        <Alert tone="info">
          An admin has hidden your page{page.moderation_reason ? `: ${page.moderation_reason}` : ''}. Only you can see it. Until it is reviewed you can't publish a page, change this page's address, delete it or create another. Write to {BRAND.contactEmail} to
          ask for a review.
        </Alert>
      ) : (
        <p className="cp-status">
          {page.public ? (
            <>
              Public at <Link to={challengePagePath(page.slug)}>{`/p/${page.slug}`}</Link>
            </>
          ) : (
            'Not public yet: only you can see it.'
          )}
        </p>
      )}
      <p className="cp-weeks">
        <strong>{page.weeks.text}</strong>
        {page.impact_line && ` · ${page.impact_line}`}
      </p>
      <MyPageShare page={page} />
      <RaisedProgress raised={page.raised} goal={page.goal} country={page.country} />

      <div className="cp-publish">
        {page.published_at ? (
          <button type="button" className="button secondary" disabled={update.isPending} onClick={() => publish(false)}>
            Hide my page
          </button>
        ) : page.moderated ? null : (
          <button type="button" className="button" disabled={update.isPending} onClick={() => publish(true)}>
            Publish my page
          </button>
        )}
      </div>
      {askLeaderboard && page.public && (
        <LeaderboardQuestion
          answer={async (yes) => {
            if (!yes) return;
            await update.mutateAsync({ on_leaderboard: true });
            setForm((f) => ({ ...f, on_leaderboard: true }));
          }}
        />
      )}

      <form onSubmit={save} noValidate className="cp-form">
        <SlugField kind="page" value={form.slug} current={page.slug} onChange={(slug) => setForm({ ...form, slug })} />
        <TextField label="Display name" hint="How your page names you" value={form.display_name} maxLength={60} onChange={(e) => setForm({ ...form, display_name: e.target.value })} />
        <TextAreaField
          label="Your story"
          hint={`Why you’re doing this, in plain text (${form.story.length} of ${STORY_MAX.toLocaleString('en')} characters)`}
          rows={6}
          maxLength={STORY_MAX}
          value={form.story}
          onChange={(e) => setForm({ ...form, story: e.target.value })}
        />
        {page.story_moderated && <Alert tone="info">An admin has hidden your story: your page shows none until an admin reviews it. Write to {BRAND.contactEmail} to ask for a review.</Alert>}
        <TextField
          label={`Goal (${country.symbol})`}
          hint="Your pledge and friends’ gifts together"
          inputMode="decimal"
          value={form.goal}
          error={goalError || undefined}
          onChange={(e) => setForm({ ...form, goal: e.target.value })}
        />
        <CheckboxField label="Show my page on the leaderboards" checked={form.on_leaderboard} onChange={(e) => setForm({ ...form, on_leaderboard: e.target.checked })} />
        <CheckboxField label="Email me when a friend gives" checked={form.gift_mails} onChange={(e) => setForm({ ...form, gift_mails: e.target.checked })} />
        {update.isError && <Alert>{update.error.message}</Alert>}
        {saved && <Alert tone="success">{saved}</Alert>}
        <button type="submit" className="button" disabled={update.isPending}>
          Save changes
        </button>
      </form>

      <section className="cp-photo-edit" aria-labelledby="cp-photo-title">
        <h2 id="cp-photo-title">Photo</h2>
        {photo ? <img className="cp-photo" src={photo} alt="Your page’s photo" width={160} height={160} /> : <p className="cp-muted">No photo yet.</p>}
        {page.photo_moderated && <Alert tone="info">An admin has hidden your photo.</Alert>}
        <div className="field">
          <label htmlFor="cp-photo-input">Choose a photo (JPEG, PNG or WebP, at most 5 MB, at least 200 × 200)</label>
          <input id="cp-photo-input" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void choosePhoto(e.target.files?.[0])} />
        </div>
        {setPhoto.isPending && <p role="status">Uploading…</p>}
        {setPhoto.isError && <Alert>{setPhoto.error.message}</Alert>}
        {page.photo_url && (
          <button type="button" className="button secondary" disabled={removePhoto.isPending} onClick={() => removePhoto.mutate()}>
            Remove the photo
          </button>
        )}
      </section>

      <CoverEditor page={page} />
      <UpdatesEditor page={page} />

      <TeamSection page={page} />

      <section className="cp-danger" aria-labelledby="cp-delete-title">
        <h2 id="cp-delete-title">Delete the page</h2>
        <p>Gifts friends already gave stay with your charity.</p>
        <button type="button" className="button secondary" onClick={() => setConfirmDelete(true)}>
          Delete my page
        </button>
      </section>
      <Dialog open={confirmDelete} title="Delete your page?" tone="danger" onClose={() => setConfirmDelete(false)}>
        <p>Your page, its story and its photo will be deleted. This cannot be undone.</p>
        {remove.isError && <Alert>{remove.error.message}</Alert>}
        <div className="cp-actions">
          <button type="button" className="button" disabled={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => setConfirmDelete(false) })}>
            Yes, delete it
          </button>
          <button type="button" className="button secondary" onClick={() => setConfirmDelete(false)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </>
  );
}

function TeamSection({ page }: { page: MyPage }) {
  const createTeam = useCreateTeam();
  const leave = useLeaveTeam();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  if (page.team) {
    return (
      <section className="card cp-team" aria-labelledby="cp-team-title">
        <h2 id="cp-team-title">Your team</h2>
        <p>
          <Link to={teamPagePath(page.team.slug)}>{page.team.name}</Link>
          {page.team.captain && ' (you are its captain)'}
        </p>
        {page.team.hidden &&
          (page.team.captain ? (
            // The captain is told the admin's reason (docs/decisions/159) and what the hide holds (154).
            <Alert tone="info">
              An admin has hidden your team{page.team.moderation_reason ? `: ${page.team.moderation_reason}` : ''}. Only its members can see it. Until it is reviewed you
              can't leave it, delete your page or start another team. Write to {BRAND.contactEmail} to ask for a review.
            </Alert>
          ) : (
            <Alert tone="info">An admin has hidden this team: no one else can see it until it is reviewed.</Alert>
          ))}
        {page.team.captain && <CaptainTools slug={page.team.slug} name={page.team.name} />}
        {leave.isError && <Alert>{leave.error.message}</Alert>}
        <button type="button" className="button secondary" disabled={leave.isPending} onClick={() => leave.mutate()}>
          Leave the team
        </button>
      </section>
    );
  }
  return (
    <section className="card cp-team" aria-labelledby="cp-team-title">
      <h2 id="cp-team-title">Start a team</h2>
      <p className="cp-muted">Friends join with the team’s link, from their own page.</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          createTeam.mutate({ name, slug });
        }}
      >
        <TextField label="Team name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        <SlugField kind="team" value={slug} onChange={setSlug} />
        {createTeam.isError && <Alert>{createTeam.error.message}</Alert>}
        <button type="submit" className="button" disabled={createTeam.isPending}>
          Start a team
        </button>
      </form>
    </section>
  );
}

/** The captain's edits of the team: its name, story and photo. */
function CaptainTools({ slug, name }: { slug: string; name: string }) {
  const update = useUpdateTeam(slug);
  const photo = useSetTeamPhoto(slug);
  const [teamName, setTeamName] = useState(name);
  const [story, setStory] = useState('');
  const [saved, setSaved] = useState('');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSaved('');
        update.mutate({ name: teamName, ...(story ? { story } : {}) }, { onSuccess: () => setSaved('Team saved.') });
      }}
    >
      <TextField label="Team name" value={teamName} maxLength={60} onChange={(e) => setTeamName(e.target.value)} />
      <TextAreaField label="Team story" hint="Plain text, at most 1,000 characters (left empty: unchanged)" rows={3} maxLength={STORY_MAX} value={story} onChange={(e) => setStory(e.target.value)} />
      <div className="field">
        <label htmlFor="cp-team-photo">Team photo (JPEG, PNG or WebP, at most 5 MB, at least 200 × 200)</label>
        <input id="cp-team-photo" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => e.target.files?.[0] && void readFile(e.target.files[0]).then((data) => photo.mutate(data))} />
      </div>
      {photo.isPending && <p role="status">Uploading…</p>}
      {photo.isSuccess && <Alert tone="success">Team photo saved.</Alert>}
      {(update.error ?? photo.error) && <Alert>{(update.error ?? photo.error)!.message}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      <button type="submit" className="button secondary" disabled={update.isPending}>
        Save the team
      </button>
    </form>
  );
}
