import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { COUNTRIES, COUNTRY_CODES, isCountryCode, type CountryCode } from '@uplift/core/countries';
import { readPrerenderData, usePrerender } from './prerender';

/**
 * The visitor's country (NZ or UK), shared by the navbar and the landing page.
 * First visit: a quick guess from the browser's time zone, then GET /api/geo (a CDN country
 * header or the Accept-Language region) replaces it when the server has a real signal. The
 * result, or the visitor's own choice, is remembered in localStorage; logging out clears it.
 */
const STORAGE_KEY = 'uplift.country';

type CountryState = { country: CountryCode; settled: boolean };


function readStored(): CountryCode | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isCountryCode(value) ? value : undefined;
  } catch {
    return undefined; // storage disabled: guess every time
  }
}

/** The same choice as a cookie, so the server prerenders the landing page in it (decision 023). */
function storeCookie(country: CountryCode | undefined): void {
  if (typeof document === 'undefined') return;
  document.cookie = country ? `${STORAGE_KEY}=${country}; path=/; max-age=31536000; samesite=lax` : `${STORAGE_KEY}=; path=/; max-age=0; samesite=lax`;
}

function store(country: CountryCode): void {
  storeCookie(country);
  try {
    localStorage.setItem(STORAGE_KEY, country);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

const UK_TIME_ZONES = new Set([COUNTRIES.UK.timeZone, 'Europe/Belfast', 'Europe/Guernsey', 'Europe/Isle_of_Man', 'Europe/Jersey', 'GB', 'GB-Eire']);

/** UK for a British time zone, otherwise NZ (Uplift's home). */
export function countryFromTimeZone(timeZone: string | undefined): CountryCode {
  return timeZone && UK_TIME_ZONES.has(timeZone) ? 'UK' : 'NZ';
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function initialState(): CountryState {
  const stored = typeof window === 'undefined' ? undefined : readStored();
  if (stored) return { country: stored, settled: true };
  // A prerendered page's country, when the server had a real signal for it.
  const rendered = readPrerenderData();
  if (rendered && rendered.countrySource !== 'none') return { country: rendered.country, settled: true };
  return { country: countryFromTimeZone(browserTimeZone()), settled: false };
}

// After the helpers above: initialState() needs them at module load.
let state: CountryState = initialState();
let chosenByVisitor = false;
let guessStarted = false;
const listeners = new Set<() => void>();

function emit(next: CountryState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The visitor picks a country (the navbar's NZ/UK selector on the home page). */
export function setCountry(country: CountryCode): void {
  chosenByVisitor = true;
  store(country);
  if (state.country !== country || !state.settled) emit({ country, settled: true });
}

/** Asks the server once per page load; a visitor's choice made meanwhile always wins. */
async function guessFromServer(): Promise<void> {
  let country = state.country;
  try {
    const response = await fetch('/api/geo', { headers: { accept: 'application/json' } });
    if (response.ok) {
      const body = (await response.json()) as { country?: unknown; source?: unknown };
      if (isCountryCode(body.country) && body.source !== 'none') country = body.country;
    }
  } catch {
    // offline or blocked: keep the time-zone guess
  }
  if (chosenByVisitor) return;
  store(country);
  emit({ country, settled: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

/** One stable snapshot per country for hydration (useSyncExternalStore needs the same object). */
const RENDERED = Object.fromEntries(COUNTRY_CODES.map((code) => [code, { country: code, settled: true }])) as Record<CountryCode, CountryState>;

/** Re-reads storage (after logout cleared it) so the next visit guesses afresh. */
export function forgetCountry(): void {
  chosenByVisitor = false;
  guessStarted = false;
  storeCookie(undefined);
  emit(initialState());
}

export function useCountry(): CountryState & { setCountry: (country: CountryCode) => void } {
  // A prerendered page hydrates in the country it was rendered in, then moves to the visitor's.
  const rendered = usePrerender()?.country;
  const getServerState = useCallback(() => (rendered ? RENDERED[rendered] : state), [rendered]);
  const current = useSyncExternalStore(subscribe, getState, getServerState);
  useEffect(() => {
    if (!current.settled && !guessStarted) {
      guessStarted = true;
      void guessFromServer();
    }
  }, [current.settled]);
  return { ...current, setCountry };
}
