// The share-image module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as shareImageRoutes } from './share-image.routes.ts';
export { createShareImageCache, shareImageMeta, type ShareImageDeps } from './share-image.service.ts';
export { fundraisingShareImage, publicFundraisingPaths, type FundraisingKind } from './fundraising-card.service.ts';
