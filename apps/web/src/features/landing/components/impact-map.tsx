import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import { COUNTRY_CONTENT } from '@uplift/core/country-content';
import { placeName } from './place-name';

// d3-geo and the outlines load only when the map is about to scroll into view.
const MapSvg = lazy(() => import('../map/map-svg'));

function useNearViewport<T extends Element>(margin = '400px') {
  const ref = useRef<T>(null);
  // Without IntersectionObserver (old browsers), load the map straight away; never in the
  // prerender (no window), whose HTML the browser's first render must match.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}

/** The impact map: an NZ/UK toggle, the country's map and its example pledge cards. */
export function ImpactMap({ country }: { country: CountryCode }) {
  // The toggle's choice holds for the site country it was made under: switching the country in
  // the navbar shows that country's map again.
  const [choice, setChoice] = useState<{ under: CountryCode; shown: CountryCode }>({ under: country, shown: country });
  const shown = choice.under === country ? choice.shown : country;
  const setShown = (code: CountryCode) => setChoice({ under: country, shown: code });
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const pledges = COUNTRY_CONTENT[shown].examplePledges;

  return (
    <section className="landing-section map" aria-labelledby="map-title">
      <h2 id="map-title">Pledges across {placeName(shown)}</h2>
      <div className="toggle" role="group" aria-label="Map country">
        {COUNTRY_CODES.map((code) => (
          <button key={code} type="button" aria-pressed={shown === code} onClick={() => setShown(code)}>
            {COUNTRIES[code].name}
          </button>
        ))}
      </div>
      <div className="map-layout">
        <div className="map-frame" ref={ref}>
          {near ? (
            <Suspense fallback={<p className="map-loading" role="status">Loading the map…</p>}>
              <MapSvg country={shown} />
            </Suspense>
          ) : (
            <p className="map-loading">The map loads as you scroll.</p>
          )}
        </div>
        <ol className="map-cards" aria-label="Example pledges">
          {pledges.map((p, i) => (
            <li key={p.place} className="map-card">
              <span className="map-card-number" aria-hidden="true">
                {i + 1}
              </span>
              <p>
                <strong>
                  {p.name}, {p.place}
                </strong>
                <br />
                Gave up {p.challenge} and pledged {formatMoney(asMinor(p.amountMinor), shown)} to {p.charity}
              </p>
            </li>
          ))}
        </ol>
      </div>
      <p className="muted small">Example pledges for illustration; names and places are not real donors’ details.</p>
    </section>
  );
}
