// The entry script of a prerendered page (docs/decisions/023-prerendered-public-pages.md), in
// place of the app's own. The page is already readable as HTML: let the browser show it first,
// then fetch and start the app (src/main.tsx), which hydrates it. Fetching the app's ~100 KB
// alongside the HTML made a slow phone's first paint wait for it (Lighthouse's First and Largest
// Contentful Paint). Decision 106 (docs/decisions/106-app-loads-after-first-paint.md).
// No imports but a constant: this file is its own tiny bundle.
import { APP_MODULES_META } from './lib/app-modules';

/**
 * Resolves once the browser has shown the page's first content: the paint timing entry is
 * recorded when the frame is on screen, which a requestAnimationFrame callback is not. A hidden
 * tab paints nothing, so it does not wait; and no page waits more than a second for a paint that
 * is not coming (nor does a browser without paint timing, which every current one has).
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    setTimeout(done, 1000);
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    }).observe({ type: 'paint', buffered: true });
  });
}

// The page names the app's entry first, then the chunks it and the page's route import.
const [app, ...chunks] = document.querySelector<HTMLMetaElement>(`meta[name="${APP_MODULES_META}"]`)?.content.split(' ') ?? [];

// `html.fonts` puts the self-hosted typefaces first (src/tokens.css, decision 174). A browser that
// has shown them before has them cached: they are used from the first paint, with nothing to swap.
// Otherwise they are fetched once the page is on screen, beside the app, not ahead of its first
// paint. The mark is "1" in localStorage, nothing personal; where storage is refused, no mark.
const FONTS_SEEN = 'uplift.fonts';
const drawFonts = () => document.documentElement.classList.add('fonts');
try {
  if (localStorage.getItem(FONTS_SEEN)) drawFonts();
} catch {
  // Storage refused: the typefaces come after the first paint.
}

void afterFirstPaint().then(() => {
  drawFonts();
  void document.fonts.ready.then(() => {
    try {
      localStorage.setItem(FONTS_SEEN, '1');
    } catch {
      // Storage refused: nothing remembered.
    }
  });
  for (const href of [app, ...chunks]) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (app) return import(/* @vite-ignore */ app);
});
