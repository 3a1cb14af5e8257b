import { useSyncExternalStore } from 'react';

/** product-rules §9: the wizard's step bar shows only when the window is wider than 650 px. */
export const WIDE_QUERY = '(min-width: 651px)';

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isWide = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(WIDE_QUERY).matches : true);

export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
