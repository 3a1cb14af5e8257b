import { BRAND } from '@uplift/core/brand';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import { challengePagePath, teamPagePath } from '../features/challenge-pages/paths';
import { paths } from '../lib/paths';

/**
 * The public pages prerendered to HTML (docs/decisions/023-prerendered-public-pages.md), with
 * what crawlers and share previews read. A new public page: add it here and to the router; the
 * build then prerenders it, the server serves it and the sitemap lists it.
 */
export type PublicPage = {
  /** Path served; the 404 page is served for any unknown path. */
  path: string;
  /** File name under dist-ssr/pages. */
  file: string;
  /** The route module (its chunk and CSS are preloaded in the page's HTML). */
  module: string;
  title: string;
  description: string;
  /** Listed in /sitemap.xml and indexable. */
  indexable: boolean;
  /** Rendered per request with live data (cached briefly) instead of once at build time. */
  live: boolean;
  /**
   * A template for every participant's page ('page', /p/{slug}) or team ('team', /t/{slug}),
   * rendered per request with that page's data and its own head (fundraisingHeadTags; decision 142).
   */
  dynamic?: 'page' | 'team';
};

const DESCRIPTION = `Give up one everyday spend for a month and give what you save to a charity you care about. ${BRAND.product} runs in New Zealand and the UK.`;

export const PUBLIC_PAGES: PublicPage[] = [
  { path: paths.home, file: 'home.html', module: 'src/app/routes/home.tsx', title: 'Give up a little, lift up a lot', description: DESCRIPTION, indexable: true, live: true },
  {
    path: paths.about,
    file: 'about.html', module: 'src/app/routes/about.tsx',
    title: 'About',
    description: `How ${BRAND.product} began, who runs it and how every pledge reaches its charity.`,
    indexable: true,
    live: false,
  },
  {
    path: paths.privacyPolicy,
    file: 'privacy-policy.html', module: 'src/app/routes/privacy-policy.tsx',
    title: 'Privacy policy',
    description: `What ${BRAND.product} collects, why, how long it keeps it and your rights.`,
    indexable: true,
    live: false,
  },
  // Not in the sitemap from here (the path is a pattern); each page is indexable and names itself canonical.
  { path: paths.challengePage, file: 'challenge-page.html', module: 'src/features/challenge-pages/components/public-page.tsx', title: 'Challenge page', description: DESCRIPTION, indexable: false, live: true, dynamic: 'page' },
  { path: paths.teamPage, file: 'team-page.html', module: 'src/features/challenge-pages/components/team-page.tsx', title: 'Team', description: DESCRIPTION, indexable: false, live: true, dynamic: 'team' },
  { path: '/404', file: 'not-found.html', module: 'src/app/routes/not-found.tsx', title: 'Page not found', description: DESCRIPTION, indexable: false, live: false },
];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type ShareImage = { url: string; width: number; height: number; alt: string };

/** <title>, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function headTags(page: PublicPage, opts: { appUrl: string; country?: CountryCode; image?: ShareImage }): string {
  let url = `${opts.appUrl}${page.path}`;
  if (page.path === paths.home && opts.country && opts.country !== 'NZ') url += `?country=${opts.country}`;
  return tagsFor({ title: page.title, description: page.description, url, indexable: page.indexable, country: opts.country, image: opts.image });
}

/** What a participant's page or a team says in its head: the figures a share preview shows. */
type FundraisingHead = {
  slug: string;
  country: CountryCode;
  raised: { total: number };
  display_name?: string;
  charity?: { name: string };
  goal?: number;
  name?: string;
  members?: unknown[];
};

/**
 * The head of /p/{slug} or /t/{slug} (docs/decisions/142): "Sam's challenge for <charity>", the
 * raised figure against the goal, the canonical URL, og:* and twitter:* (og:image when the share
 * card exists). Public pages are indexable: no noindex.
 */
export function fundraisingHeadTags(kind: 'page' | 'team', data: FundraisingHead, opts: { appUrl: string; image?: ShareImage }): string {
  const money = (minor: number) => formatMoney(asMinor(minor), data.country);
  const url = `${opts.appUrl}${kind === 'page' ? challengePagePath(data.slug) : teamPagePath(data.slug)}`;
  if (kind === 'page') {
    const charity = data.charity?.name ?? 'charity';
    const title = `${data.display_name ?? ''}'s challenge for ${charity}`;
    const description = `${data.display_name} has raised ${money(data.raised.total)} of a ${money(data.goal ?? 0)} goal for ${charity}. Back the challenge with a gift.`;
    return tagsFor({ title, description, url, indexable: true, country: data.country, image: opts.image });
  }
  const members = data.members?.length ?? 0;
  const title = `Team ${data.name ?? ''}`;
  const description = `Team ${data.name} (${members === 1 ? '1 member' : `${members} members`}) has raised ${money(data.raised.total)} together. Back them with a gift.`;
  return tagsFor({ title, description, url, indexable: true, country: data.country, image: opts.image });
}

function tagsFor(opts: { title: string; description: string; url: string; indexable: boolean; country?: CountryCode | undefined; image?: ShareImage | undefined }): string {
  const page = { description: opts.description, indexable: opts.indexable };
  const title = `${opts.title} · ${BRAND.product}`;
  const url = opts.url;
  const locale = opts.country === 'UK' ? 'en_GB' : 'en_NZ';
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    page.indexable ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(BRAND.product)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${locale}" />`,
    `<meta name="twitter:card" content="${opts.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
  ];
  if (opts.image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(opts.image.url)}" />`,
      `<meta property="og:image:width" content="${opts.image.width}" />`,
      `<meta property="og:image:height" content="${opts.image.height}" />`,
      `<meta property="og:image:alt" content="${escapeHtml(opts.image.alt)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(opts.image.url)}" />`,
    );
  }
  return tags.join('\n    ');
}

export const countryName = (country: CountryCode) => COUNTRIES[country].name;
