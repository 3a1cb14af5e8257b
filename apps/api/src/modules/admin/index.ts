// The admin module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as adminAuditRoutes } from './admin-audit.routes.ts';
export { default as adminUserRoutes } from './admin-users.routes.ts';
export { default as campaignReportRoutes } from './campaign-report.routes.ts';
