import { BRAND } from '@uplift/core/brand';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
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
  { path: '/404', file: 'not-found.html', module: 'src/app/routes/not-found.tsx', title: 'Page not found', description: DESCRIPTION, indexable: false, live: false },
];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type ShareImage = { url: string; width: number; height: number; alt: string };

/** <title>, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function headTags(page: PublicPage, opts: { appUrl: string; country?: CountryCode; image?: ShareImage }): string {
  const title = `${page.title} · ${BRAND.product}`;
  let url = `${opts.appUrl}${page.path}`;
  if (page.path === paths.home && opts.country && opts.country !== 'NZ') url += `?country=${opts.country}`;
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
