import { defaultShareMessage } from '@uplift/core/share';
import { useEffect } from 'react';
import { rememberVisitChannel } from '../../lib/visit-channel';
import type { PublicShareProps } from './share-types';
import { SharePanel } from './share-panel';

/** A public page's or team's panel: its own address, its owner's message or the country's default. */
export default function PublicSharePanel({ kind, slug, country, name, message }: PublicShareProps) {
  // The visit's channel, kept for the tab: a gift made after following a team's member link still names it.
  useEffect(() => rememberVisitChannel(), []);
  const url = `${window.location.origin}/${kind === 'page' ? 'p' : 't'}/${slug}`;
  const words = message ?? defaultShareMessage(country, kind === 'page' ? { kind, name, own: false } : { kind, name });
  return <SharePanel url={url} message={words} heading={kind === 'page' ? `Share ${name}’s page` : 'Share this team'} id={`share-${kind}`} {...(kind === 'page' ? { pageSlug: slug } : {})} />;
}
