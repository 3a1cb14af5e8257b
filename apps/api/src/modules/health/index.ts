// The health module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as healthRoutes } from './health.routes.ts';
