import { CAPTAIN_MESSAGE_MAX } from '@uplift/core/schemas/challenge-pages';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { TextAreaField } from '../../../components/field';
import { useUpdateTeam } from '../api/pages';

/** The captain writes the team's message to its backers on /t/{slug} (docs/decisions/166); loaded only for the captain. */
export default function CaptainMessageEditor({ slug, message }: { slug: string; message: string }) {
  const update = useUpdateTeam(slug);
  const [text, setText] = useState(message);
  const [saved, setSaved] = useState('');
  return (
    <form
      className="cp-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSaved('');
        update.mutate({ captain_message: text }, { onSuccess: () => setSaved('Message saved.') });
      }}
    >
      <TextAreaField
        label="Your message as captain"
        hint={`Shown at the top of the team page, plain text (${text.length} of ${CAPTAIN_MESSAGE_MAX} characters)`}
        rows={3}
        maxLength={CAPTAIN_MESSAGE_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {update.isError && <Alert>{update.error.message}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      <button type="submit" className="button secondary" disabled={update.isPending}>
        Save the message
      </button>
    </form>
  );
}
