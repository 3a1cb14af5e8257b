import './lib/zod-jitless';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { restoreSession } from './lib/api-client';
import { PrerenderProvider, readPrerenderData, seedQueries } from './lib/prerender';
import { createQueryClient } from './lib/query-client';
import './styles.css';

void restoreSession();
// The typefaces (`html.fonts`, src/tokens.css, decision 174): a prerendered page's boot script set it
// after its first paint; a page that starts as the app has painted nothing yet, so they come now.
document.documentElement.classList.add('fonts');

// A public page arrives prerendered (docs/decisions/023-prerendered-public-pages.md): hydrate it
// from the data it was rendered with. Every other page starts from the empty shell.
const container = document.getElementById('root')!;
const prerendered = readPrerenderData();
const queryClient = createQueryClient();
seedQueries(queryClient, prerendered);

/**
 * Marks `<html data-app="started">` once the app has rendered or hydrated: tests wait for it. A
 * wrapper, not a sibling: an extra child here would shift every useId below it and the hydrated
 * ids would no longer match the prerendered HTML.
 */
function MarkStarted({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <PrerenderProvider data={prerendered}>
      <AppProviders client={queryClient}>
        <MarkStarted>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </MarkStarted>
      </AppProviders>
    </PrerenderProvider>
  </StrictMode>
);

if (container.hasChildNodes()) {
  // The page's chunk is preloaded by the HTML; with it in hand the first render matches at once.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (one long task on a phone: Total Blocking Time).
  void preloadRoute(window.location.pathname).finally(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}
