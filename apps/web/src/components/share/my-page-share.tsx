import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GiftChannels } from '@uplift/core/schemas/gifts';
import type { MyPage } from '@uplift/core/schemas/challenge-pages';
import { channelCountText, defaultShareMessage, SHARE_MESSAGE_MAX } from '@uplift/core/share';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { Alert } from '../alert';
import { TextAreaField } from '../field';
import { myPageKey } from './own-page-share';
import { SharePanel } from './share-panel';

// /my-page's share panel (docs/decisions/164): above the fold once the page is public, and said
// again right after publishing; the owner's message (kept on the page) and where gifts came from.

export function MyPageShare({ page }: { page: MyPage }) {
  // Published while on this screen: the panel says so and comes into view.
  const [wasPublic, setWasPublic] = useState(page.public);
  const [justPublished, setJustPublished] = useState(false);
  if (page.public !== wasPublic) {
    setWasPublic(page.public);
    setJustPublished(page.public);
  }
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justPublished) heading.current?.scrollIntoView?.({ block: 'start' });
  }, [justPublished]);
  if (!page.public) return null;
  const message = page.share_message ?? defaultShareMessage(page.country, { kind: 'page', name: page.display_name, own: true });
  return (
    <div className="card" ref={heading} data-testid="my-page-share">
      {justPublished && (
        <p className="share-just-published" role="status">
          Your page is live. Share it now: friends give most in the first days.
        </p>
      )}
      <SharePanel url={`${window.location.origin}/p/${page.slug}`} message={message} heading="Share your page" id="share-mine" pageSlug={page.slug} />
      <GiftChannelCounts />
      <ShareMessageForm message={message} />
    </div>
  );
}

function GiftChannelCounts() {
  const counts = useQuery({ queryKey: ['challenge-pages', 'mine', 'gift-channels'], queryFn: () => api<GiftChannels>('/api/my-page/gift-channels', { auth: true }), staleTime: 0 });
  const channels = counts.data?.channels ?? [];
  if (channels.length === 0) return null;
  return (
    <section aria-labelledby="share-channels-title">
      <h3 id="share-channels-title">Where your gifts came from</h3>
      <ul className="share-channels" data-testid="gift-channels">
        {channels.map((c) => (
          <li key={c.via}>{channelCountText(c.via, c.gifts)}</li>
        ))}
      </ul>
    </section>
  );
}

function ShareMessageForm({ message }: { message: string }) {
  const client = useQueryClient();
  const [text, setText] = useState(message);
  const save = useMutation({
    mutationFn: (share_message: string) => api<MyPage>('/api/my-page', { method: 'PATCH', body: { share_message }, auth: true }),
    onSuccess: (saved) => {
      client.setQueryData(myPageKey, saved);
      setText(saved.share_message ?? defaultShareMessage(saved.country, { kind: 'page', name: saved.display_name, own: true }));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(text.trim());
  };
  return (
    <form className="share-message-form" onSubmit={submit} noValidate>
      <TextAreaField
        label="Your share message"
        hint={`Goes with every share of your page (${text.length} of ${SHARE_MESSAGE_MAX} characters); leave it empty for ours`}
        rows={3}
        maxLength={SHARE_MESSAGE_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {save.isError && <Alert>{save.error.message}</Alert>}
      {save.isSuccess && <Alert tone="success">Share message saved.</Alert>}
      <div>
        <button type="submit" className="button secondary" disabled={save.isPending}>
          Save message
        </button>
      </div>
    </form>
  );
}
