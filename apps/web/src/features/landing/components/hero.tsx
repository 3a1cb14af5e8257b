import { BRAND } from '@uplift/core/brand';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { COUNTRY_PARTNERS } from '@uplift/core/country-partners';
import type { ReactNode } from 'react';
import { placeName } from './place-name';

/** Title, the pitch and the country's partner logos; the countdown and call to action come in as children. */
export function Hero({ country, children }: { country: CountryCode; children: ReactNode }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
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
                <a href={p.url} target="_blank" rel="noopener noreferrer">
                  <img src={p.logo} alt={`${p.name} (opens in a new tab)`} width={p.width} height={48} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {/* The six challenges drawn in one picture (public/illustrations/hero.svg), shown where the hero is wide. */}
        <img className="hero-art" src="/illustrations/hero.svg" alt="" width={372} height={470} loading="lazy" decoding="async" />
      </div>
    </section>
  );
}
