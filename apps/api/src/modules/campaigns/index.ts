// The campaigns module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as campaignAdminRoutes } from './campaigns-admin.routes.ts';
export { campaignErrors } from './campaigns.errors.ts';
export { default as campaignRoutes } from './campaigns.routes.ts';
export { MAX_SERIAL_ID, findCampaignById, findClosestCampaign, requireClosestCampaign, toCampaignJson } from './campaigns.service.ts';
export { testimonialAdminRoutes, testimonialRoutes } from './testimonials.routes.ts';
