import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { countryById, isCountryCode } from '@uplift/core/countries';
import { LandingPage, preloadLanding } from '../../features/landing/components/landing-page';
import { useCountry } from '../../lib/country';
import { usePageTitle } from '../../lib/use-page-title';

/** The prerender renders the sections below the hero too (the browser loads them lazily). */
export const preloadForPrerender = preloadLanding;

/** '/', optionally '/?country=UK' (or the landing page's numeric id, '/?country=2'). */
export function Component() {
  usePageTitle('Give up a little, lift up a lot');
  const { country, setCountry } = useCountry();
  const [params] = useSearchParams();
  const asked = params.get('country')?.toUpperCase();
  useEffect(() => {
    const chosen = isCountryCode(asked) ? asked : countryById(Number(asked));
    if (chosen) setCountry(chosen);
  }, [asked, setCountry]);
  return <LandingPage country={country} />;
}
