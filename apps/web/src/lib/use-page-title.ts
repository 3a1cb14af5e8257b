import { useEffect } from 'react';

/** Sets the document title so each screen is announced and bookmarked by its name. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Uplift`;
  }, [title]);
}
