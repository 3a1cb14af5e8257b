import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

// What a server-rendered page draws only once it has started in the browser (docs/decisions/165,
// 171): the server and the hydrating render leave it out (or draw `fallback`), so its code is not in
// the page's initial JavaScript (the 100 KB budget), and hydration matches the server's HTML.

const noSubscription = () => () => {};

/** False on the server and while hydrating (React uses the server's answer), true once started. */
export const useStarted = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A component drawn once the page has started, its code loaded then; `fallback` (or what it draws
 * for these props) before and while it loads.
 */
export function afterStart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode | ((props: P) => ReactNode) = null) {
  const Lazy = lazy(load);
  return function AfterStart(props: P) {
    const before = typeof fallback == 'function' ? fallback(props) : fallback;
    return useStarted() ? (
      <Suspense fallback={before}>
        <Lazy {...props} />
      </Suspense>
    ) : (
      before
    );
  };
}
