// The challenge-pages module's public face (docs/architecture.md): participants' pages (/p/{slug}),
// their photos and teams (/t/{slug}). Friends' gifts are the gifts module's; reports, moderation's.
export { pageModerationRecipient, setPageModeration, setTeamModeration, teamModerationRecipient, type ModerationChange, type ModerationRecipient } from './page-moderation.service.ts';
export { default as challengePageRoutes } from './challenge-pages.routes.ts';
export { erasePagesOf, exportPagesOf, fundraisingPhotoUrl, getPublicPage, getPublicTeam, giftMailsOn, stopGiftMails, type PageExport } from './challenge-pages.service.ts';
export { setUpdateModeration } from './page-backing.service.ts';
export { isPublicPage, isPublicTeam, pageIsPublic, teamIsPublic, teamMemberIsShown, updateIsShown } from './public.sql.ts';
export { default as leaderboardRoutes } from './leaderboard.routes.ts';
