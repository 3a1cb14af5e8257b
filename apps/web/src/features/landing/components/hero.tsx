import { BRAND } from '@uplift/core/brand';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { COUNTRY_PARTNERS } from '@uplift/core/country-partners';
import type { CampaignPhoto } from '@uplift/core/schemas/campaign';
import type { ReactNode } from 'react';
import { placeName } from './place-name';

/**
 * Title, the pitch and the country's partner logos; the countdown and call to action come in as
 * children. The campaign's photo, when it has one, runs the full width of the window above them
 * (docs/decisions/170); the drawn illustration stays for a campaign without one.
 */
export function Hero({ country, photo, children }: { country: CountryCode; photo?: CampaignPhoto | null; children: ReactNode }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      {/* Written here rather than through components/campaign-photo.tsx (the wizard's), so the
          landing's first JavaScript holds no extra chunk (e2e/specs/performance-budget.spec.ts). */}
      {photo && (
        // AVIF where the browser reads it, else the img's WebP. No sizes: with w descriptors it is
        // 100vw, the full-bleed width. Its box is the stylesheet's (`.hero > picture img`: full
        // width, a fixed aspect ratio, cropped), known before a byte arrives; written as tersely as
        // this so the landing's first JavaScript stays within its budget.
        <picture>
          <source type="image/avif" srcSet={photo.avif} />
          <img srcSet={photo.webp} alt={photo.alt} fetchPriority="high" />
        </picture>
      )}
      <div className="hero-inner">
        <p className="eyebrow">
          The {BRAND.product} Challenge · {COUNTRIES[country].name}
        </p>
        <h1 id="hero-title">{BRAND.tagline}</h1>
        <p className="lead">
          For one month, give up one everyday spend and pledge what you save to a charity doing vital work in{' '}
          {placeName(country)}.
        </p>
        {children}
        <div className="partners">
          <p className="partners-label">In partnership with</p>
          <ul>
            {COUNTRY_PARTNERS[country].map((p) => (
              <li key={p.name}>
                {/* noreferrer implies noopener. */}
                <a href={p.url} target="_blank" rel="noreferrer">
                  <img src={p.logo} alt={`${p.name} (opens in a new tab)`} width={p.width} height={48} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {/* The six challenges drawn in one picture (public/illustrations/hero.svg), shown where the hero is wide. */}
        {/* Hidden under a photo by the stylesheet (landing.css), and lazy: never fetched while hidden. */}
        <img className="hero-art" src="/illustrations/hero.svg" alt="" width={372} height={470} loading="lazy" />
      </div>
    </section>
  );
}
