// The totals module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as totalsRoutes } from './totals.routes.ts';
export { TOTALS_TTL_MS, selectCampaignTotals } from './totals.service.ts';
export { createTtlCache, type TtlCache } from './ttl-cache.ts';
