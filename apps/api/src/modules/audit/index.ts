// The audit module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { auditorFor, listAdminActions, recordAdminAction, withAudit } from './audit.service.ts';
