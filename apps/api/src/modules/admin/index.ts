// The admin module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as adminAuditRoutes } from './admin-audit.routes.ts';
export { default as adminUserRoutes } from './admin-users.routes.ts';
export { default as campaignMatchRoutes } from './campaign-report-matches.routes.ts';
export { default as campaignReportRoutes } from './campaign-report.routes.ts';
export { default as newsRoutes } from './news.routes.ts';
export { NEWS_PACE, NEWS_SEND_JOB, registerNewsJob, sendNewsBatch, type NewsDeps } from './news.service.ts';
