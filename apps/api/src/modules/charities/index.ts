// The charities module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as charityAdminRoutes } from './charities-admin.routes.ts';
export { default as charityRoutes } from './charities.routes.ts';
export { listCampaignRecipients } from './charities.service.ts';
export { default as charityExportRoutes } from './charity-export.routes.ts';
