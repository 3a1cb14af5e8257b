/**
 * The <meta> a prerendered page names its scripts in (written by scripts/prerender.ts, read by
 * src/boot.ts, which preloads them after the first paint). No imports: the entry loads it.
 */
export const APP_MODULES_META = 'uplift-modules';
