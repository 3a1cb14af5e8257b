// The summary module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as summaryRoutes } from './summary.routes.ts';
