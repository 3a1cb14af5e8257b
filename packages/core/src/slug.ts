// The address of a challenge page (/p/{slug}) or a team (/t/{slug})
// (docs/decisions/142-server-rendered-pages-and-teams.md): 3 to 40 of a-z, 0-9 and '-', neither
// starting nor ending with '-', and not one of the reserved words. The database holds the same
// pattern as a check (fundraising.table.ts).

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

/** Words no page or team may take: they read as the site's own paths or roles. */
export const RESERVED_SLUGS: readonly string[] = [
  'admin', 'api', 'new', 'edit', 'my-page', 'my-team', 'team', 'teams', 'page', 'pages', 'uplift', 'help',
  'support', 'login', 'logout', 'register', 'account', 'settings', 'about', 'privacy', 'terms', 'null', 'undefined',
];

export const SLUG_MESSAGES = {
  required: 'Address: choose an address',
  tooShort: `Address: at least ${SLUG_MIN} characters`,
  tooLong: `Address: at most ${SLUG_MAX} characters`,
  characters: 'Address: use only lowercase letters a–z, digits and hyphens',
  hyphenEdge: 'Address: cannot start or end with a hyphen',
  reserved: 'Address: that word is reserved, choose another',
  taken: 'That address is taken',
} as const;

/** How a typed address is read: trimmed and lowercased. */
export const normaliseSlug = (text: string) => text.trim().toLowerCase();

/** The rule an address breaks (its message), or undefined when it is a valid address. */
export function slugProblem(slug: string): string | undefined {
  if (slug.length === 0) return SLUG_MESSAGES.required;
  if (slug.length < SLUG_MIN) return SLUG_MESSAGES.tooShort;
  if (slug.length > SLUG_MAX) return SLUG_MESSAGES.tooLong;
  if (!/^[a-z0-9-]+$/.test(slug)) return SLUG_MESSAGES.characters;
  if (slug.startsWith('-') || slug.endsWith('-')) return SLUG_MESSAGES.hyphenEdge;
  if (RESERVED_SLUGS.includes(slug)) return SLUG_MESSAGES.reserved;
  return undefined;
}
