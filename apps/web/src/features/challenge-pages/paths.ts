// Links to a participant's page and a team (lib/paths has their route patterns). Kept in the
// feature, not lib/paths, so the app's entry chunk (the landing's first load) does not grow.

/** A participant's public page, /p/{slug}. */
export function challengePagePath(slug: string): string {
  return `/p/${encodeURIComponent(slug)}`;
}

/** A team's public page, /t/{slug}. */
export function teamPagePath(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}
