// Stands in for TanStack Query's infinite-query paging in the browser bundle (vite.config.ts):
// the app has no infinite query (ESLint refuses useInfiniteQuery and its kin), and the real module
// is 1.2 KB gzipped of every page's first load (the ≤ 100 KB budget, e2e/specs/performance-budget.spec.ts).
// Reaching it would be a bug, so it says so instead of paging.

const unused = (): never => {
  throw new Error('Infinite queries are not part of this app (see apps/web/src/lib/no-infinite-queries.ts).');
};

export const infiniteQueryBehavior = unused;
export const hasNextPage = unused;
export const hasPreviousPage = unused;
