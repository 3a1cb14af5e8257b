import { useSyncExternalStore } from 'react';
import type { CountryCode } from '@uplift/core/countries';

// The challenge the visitor picked in the landing page's switcher, for the Join button in the
// hero to carry into the wizard (docs/decisions/124). The switcher and the button live in
// separately loaded parts of the page, so they share this small store. The switcher's first
// icon, shown before any pick, is not a choice.

type Picked = { country: CountryCode; challengeId: number } | null;

let picked: Picked = null;
const listeners = new Set<() => void>();

export function pickLandingChallenge(country: CountryCode, challengeId: number): void {
  picked = { country, challengeId };
  for (const listener of listeners) listener();
}

/** The challenge picked on this country's page, or null. */
export function useLandingChallenge(country: CountryCode): number | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => picked,
    () => null,
  );
  return current?.country === country ? current.challengeId : null;
}

/** For tests: forget the pick. */
export function resetLandingChallenge(): void {
  picked = null;
  for (const listener of listeners) listener();
}
