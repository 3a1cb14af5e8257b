import type { CountryCode } from '@uplift/core/countries';
import type { GeoResponse } from '@uplift/core/schemas/geo';

/** Headers in which CDNs pass the visitor's country (ISO 3166-1 alpha-2), most trusted first. */
export const CDN_COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country'] as const;

/** The country and what the guess rests on ('none' tells the browser to try its own time zone). */
export type CountryGuess = GeoResponse;

/** Uplift serves two countries: a visitor in the United Kingdom gets UK, everyone else NZ. */
function fromRegion(region: string): CountryCode {
  const r = region.toUpperCase();
  return r === 'GB' || r === 'UK' ? 'UK' : 'NZ';
}

/** A real two-letter region code ('XX' and 'T1' are Cloudflare's "unknown" and Tor). */
function isRegion(value: string | undefined): value is string {
  return !!value && /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== 'XX';
}

/** The region of the most preferred language tag that has one: 'en-GB,en;q=0.8' -> 'GB'. */
export function preferredRegion(acceptLanguage: string | undefined): string | undefined {
  if (!acceptLanguage) return undefined;
  const tags = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.q > 0 && !Number.isNaN(t.q))
    // Stable: equal weights keep the order the browser sent.
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    // A region is the first two-letter subtag after the language: en-GB, en-Latn-GB, mi-NZ.
    const region = tag.split('-').slice(1).find((sub) => /^[A-Za-z]{2}$/.test(sub));
    if (region) return region;
  }
  return undefined;
}

/** product-rules §18: a CDN country header, else the Accept-Language region, else no guess (NZ). */
export function guessCountry(headers: Record<string, string | string[] | undefined>): CountryGuess {
  for (const name of CDN_COUNTRY_HEADERS) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (isRegion(value)) return { country: fromRegion(value), source: 'cdn' };
  }
  const language = headers['accept-language'];
  const region = preferredRegion(Array.isArray(language) ? language[0] : language);
  if (region) return { country: fromRegion(region), source: 'language' };
  return { country: 'NZ', source: 'none' };
}

/**
 * The country a request's IP is in, as the CDN says (two letters, upper case), or undefined: the
 * signed-in devices list shows it instead of the IP (docs/decisions/130).
 */
export function ipCountry(headers: Record<string, string | string[] | undefined>): string | undefined {
  for (const name of CDN_COUNTRY_HEADERS) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (isRegion(value)) return value.toUpperCase();
  }
  return undefined;
}
