import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerender and while the prerendered HTML hydrates, true after: for parts loaded
 * only once the page has painted (their code is not in the landing's initial JavaScript).
 */
export function usePainted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
