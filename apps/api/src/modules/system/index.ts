// The system module's public face: the admin system page, the alert check and /metrics (docs/architecture.md, docs/decisions/133).
export { metricsPlugin } from './metrics.ts';
export { default as systemRoutes } from './system.routes.ts';
export { checkAlerts, purgeAlerts, readSystemFacts, systemPage, type AlertDeps, type SystemDeps } from './system.service.ts';
