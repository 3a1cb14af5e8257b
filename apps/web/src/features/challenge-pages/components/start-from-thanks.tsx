import { asMinor, decimalText, parseAmountInput, toMinor } from '@uplift/core/money';
import { GOAL_MAX_MINOR, STORY_MAX } from '@uplift/core/schemas/challenge-pages';
import { normaliseSlug, slugProblem, SLUG_MAX } from '@uplift/core/slug';
import { COUNTRIES } from '@uplift/core/countries';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { TextAreaField, TextField } from '../../../components/field';
import { useChallenge } from '../../../lib/queries/challenge';
import { useClosestConfirmedPledge } from '../../../lib/queries/closest-pledge';
import { useUserInfo } from '../../../lib/queries/user-info';
import { useCreateAndPublish, useRecipientOf } from '../api/start-page';
import { moneyIn } from './raised-progress';
import { SlugField } from './slug-field';

// Make a page from the moment of thanks (docs/decisions/167): /my-page?start=thanks opens this form
// filled in from the confirmed pledge (name, challenge, charity, goal, a story to edit), and one
// button makes the page and publishes it.

/** "aroha-gives-up-coffees": the first name and the challenge as an address, within the slug rule. */
export function suggestedSlug(firstName: string, challengeName: string): string {
  const words = `${firstName} gives up ${challengeName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const slug = words.slice(0, SLUG_MAX).replace(/-+$/, '');
  return slugProblem(slug) ? '' : slug;
}

/** A story to start from, in the donor's voice; they edit it before publishing. */
export function suggestedStory(challengeName: string, charityName: string): string {
  return `For four weeks I’m giving up ${challengeName.toLowerCase()} and giving what I save to ${charityName}. Will you back me? Every gift on this page goes to ${charityName} too.`;
}

/** "Sam T.": as the server names a page by default. */
const displayNameOf = (first: string, last: string) => `${first.trim()}${last.trim() ? ` ${last.trim().charAt(0).toUpperCase()}.` : ''}`.slice(0, 60);

/** The prefilled form, once the pledge, its challenge and charity are read; `fallback` when there is no confirmed pledge. */
export function StartFromThanks({ onPublished, fallback }: { onPublished: () => void; fallback: ReactNode }) {
  const user = useUserInfo();
  const pledge = useClosestConfirmedPledge();
  const challenge = useChallenge(pledge.data?.challenge_id);
  const recipient = useRecipientOf(pledge.data?.recipient_id);
  if (pledge.data === null || pledge.isError) return <>{fallback}</>;
  if (!user.data || !pledge.data || !challenge.data || !recipient.data) return <p role="status">Filling in your page from your pledge…</p>;
  const goal = Math.min(2 * toMinor(pledge.data.confirmed_amount), GOAL_MAX_MINOR);
  return (
    <PrefilledForm
      onPublished={onPublished}
      country={pledge.data.country}
      initial={{
        slug: suggestedSlug(user.data.first_name, challenge.data.name),
        display_name: displayNameOf(user.data.first_name, user.data.last_name),
        story: suggestedStory(challenge.data.name, recipient.data.recipient_name),
        goal: decimalText(asMinor(goal)),
      }}
      charity={recipient.data.recipient_name}
    />
  );
}

type Draft = { slug: string; display_name: string; story: string; goal: string };

function PrefilledForm({ initial, charity, country, onPublished }: { initial: Draft; charity: string; country: 'NZ' | 'UK'; onPublished: () => void }) {
  const publish = useCreateAndPublish();
  const [form, setForm] = useState(initial);
  const [goalError, setGoalError] = useState('');
  const money = moneyIn(country);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const goal = parseAmountInput(form.goal);
    if (goal === null || goal <= 0 || goal > GOAL_MAX_MINOR) {
      setGoalError(`Goal: an amount more than ${money(0)} and at most ${money(GOAL_MAX_MINOR)}`);
      return;
    }
    setGoalError('');
    publish.mutate({ slug: normaliseSlug(form.slug), display_name: form.display_name, story: form.story, goal }, { onSuccess: onPublished });
  };
  return (
    <>
      <h1>Make your challenge page</h1>
      <p>We’ve filled it in from your pledge. Change anything you like, then publish it: friends can back you with gifts to {charity}.</p>
      <form onSubmit={submit} noValidate className="cp-form" aria-label="Your challenge page">
        <SlugField kind="page" value={form.slug} onChange={(slug) => setForm({ ...form, slug })} />
        <TextField label="Display name" hint="How your page names you" value={form.display_name} maxLength={60} onChange={(e) => setForm({ ...form, display_name: e.target.value })} />
        <TextAreaField
          label="Your story"
          hint={`A start for you to edit, in plain text (${form.story.length} of ${STORY_MAX.toLocaleString('en')} characters)`}
          rows={5}
          maxLength={STORY_MAX}
          value={form.story}
          onChange={(e) => setForm({ ...form, story: e.target.value })}
        />
        <TextField
          label={`Goal (${COUNTRIES[country].symbol})`}
          hint="Your pledge and friends’ gifts together"
          inputMode="decimal"
          value={form.goal}
          error={goalError || undefined}
          onChange={(e) => setForm({ ...form, goal: e.target.value })}
        />
        {publish.isError && <Alert>{publish.error.message}</Alert>}
        <button type="submit" className="button" disabled={publish.isPending}>
          Publish my page
        </button>
      </form>
    </>
  );
}

/**
 * Right after publishing, one question (docs/decisions/167): appear on the leaderboard? Yes puts the
 * page on it; No leaves it off. Either way the answer is said, and the checkbox below can change it.
 */
export function LeaderboardQuestion({ answer }: { answer: (yes: boolean) => Promise<void> }) {
  const [state, setState] = useState<'asking' | 'saving' | 'yes' | 'no' | 'failed'>('asking');
  const choose = (yes: boolean) => {
    setState('saving');
    answer(yes).then(
      () => setState(yes ? 'yes' : 'no'),
      () => setState('failed'),
    );
  };
  if (state === 'yes') return <Alert tone="success">Your page is on the leaderboard.</Alert>;
  if (state === 'no') return <Alert tone="info">Your page stays off the leaderboard. You can change that below at any time.</Alert>;
  return (
    <div className="cp-leaderboard-question" role="group" aria-labelledby="cp-leaderboard-question">
      <p id="cp-leaderboard-question">Your page is public. Show it on the leaderboard too, so more people find it?</p>
      <div className="cp-actions">
        <button type="button" className="button" disabled={state === 'saving'} onClick={() => choose(true)}>
          Yes
        </button>
        <button type="button" className="button secondary" disabled={state === 'saving'} onClick={() => choose(false)}>
          No
        </button>
      </div>
      {state === 'failed' && <Alert>We couldn’t save that. Please try again, or use the checkbox below.</Alert>}
    </div>
  );
}
