// The challenges module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as challengeAdminRoutes } from './challenges-admin.routes.ts';
export { default as challengeRoutes } from './challenges.routes.ts';
export { listCampaignChallenges } from './challenges.service.ts';
export { challengeOffered, charityOffered } from './offered.sql.ts';
