// The page's entry script. A prerendered page (docs/decisions/023-prerendered-public-pages.md)
// is already readable as HTML: let the browser show it first, then fetch and hydrate the app.
// Fetching the app's ~100 KB alongside the HTML made the first paint of a slow phone wait for it
// (Lighthouse's First and Largest Contentful Paint). The empty shell has nothing to show, so
// it loads the app at once (its HTML preloads the app's chunks).
import { APP_MODULES_META } from './lib/app-modules';
import './styles.css';

/**
 * Resolves once the browser has shown the page's first content: the paint timing entry is
 * recorded when the frame is on screen, which a requestAnimationFrame callback is not. Browsers
 * without paint timing wait a frame; a hidden tab paints nothing, so it does not wait; and no
 * page waits more than a second for a paint that is not coming.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    setTimeout(done, 1000);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(done, 0));
      return;
    }
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    }).observe({ type: 'paint', buffered: true });
  });
}

/** Fetches, in parallel, the app and the page's own chunks the prerender named. */
function preloadPageModules(): void {
  const names = document.querySelector<HTMLMetaElement>(`meta[name="${APP_MODULES_META}"]`)?.content ?? '';
  for (const href of names.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const prerendered = document.getElementById('root')?.hasChildNodes() ?? false;
void (prerendered ? afterFirstPaint() : Promise.resolve()).then(() => {
  if (prerendered) preloadPageModules();
  return import('./main');
});
