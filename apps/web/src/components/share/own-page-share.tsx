import { useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import type { MyPage } from '@uplift/core/schemas/challenge-pages';
import { defaultShareMessage } from '@uplift/core/share';
import { api, ApiError } from '../../lib/api-client';
import { SharePanel } from './share-panel';

// The signed-in donor's share panel on the thank-you page and /summary (docs/decisions/164): their
// own public page when they have one, else the campaign's landing page in their country.

/** The same key and answer as the challenge pages' own read of /api/my-page, so the two share one cache entry. */
export const myPageKey = ['challenge-pages', 'mine'] as const;

async function readMyPage(): Promise<MyPage | null> {
  try {
    return await api<MyPage>('/api/my-page', { auth: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function OwnPageShare({ country, heading = 'Spread the word' }: { country: CountryCode; heading?: string }) {
  const page = useQuery({ queryKey: myPageKey, queryFn: readMyPage, staleTime: 0 });
  const own = page.data?.public ? page.data : null;
  const url = own ? `${window.location.origin}/p/${own.slug}` : `${window.location.origin}/?country=${country}`;
  const message = own ? (own.share_message ?? defaultShareMessage(country, { kind: 'page', name: own.display_name, own: true })) : defaultShareMessage(country, { kind: 'campaign' });
  return <SharePanel url={url} message={message} heading={heading} id="share-own" {...(own ? { pageSlug: own.slug } : {})} />;
}
