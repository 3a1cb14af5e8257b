import { useEffect } from 'react';

/** The path the document was served for: its head's canonical URL describes that page only. */
let servedPath: string | undefined;

/**
 * Sets the document title so each screen is announced and bookmarked by its name. After an in-app
 * navigation the served page's canonical link would describe the wrong page (a browser's Share
 * uses it), so it is removed and the address bar's URL stands.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Uplift`;
    servedPath ??= window.location.pathname;
    if (window.location.pathname !== servedPath) document.querySelector('link[rel="canonical"]')?.remove();
  }, [title]);
}
