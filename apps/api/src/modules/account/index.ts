// The account module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as accountRoutes } from './account.routes.ts';
export { anonymiseLapsedDonors, purgeEmailChanges } from './account.service.ts';
export { default as unsubscribeRoutes } from './unsubscribe.routes.ts';
