// The moderation module's public face (docs/architecture.md): reports of pages, teams, gifts'
// messages and owners' updates, and the admin's hiding of them (docs/decisions/141-moderation.md, 173).
export { default as moderationAdminRoutes } from './moderation-admin.routes.ts';
export { default as reportRoutes } from './moderation.routes.ts';
