import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { preloadable } from '../../lib/preloadable';
import { isAdminPath } from './admin-paths';
import { Navbar } from './navbar';
import { RouteErrorBoundary } from './route-error';

// The footer and the back-to-top button are below the fold: their code loads after the page's
// (the prerendered footer is plain links until then). See decision 024 (initial-JS budget).
const Footer = preloadable(() => import('./footer').then((m) => m.Footer));
const BackToTop = preloadable(() => import('./back-to-top').then((m) => m.BackToTop));

/** For the prerender: the layout's lazy parts, rendered into the HTML. */
/** One element for the app's life, so layout re-renders never disturb it while it hydrates. */
const belowTheFold = (
  <Suspense fallback={null}>
    <BackToTop.Component />
    <Footer.Component />
  </Suspense>
);

export const preloadLayout = () => Promise.all([Footer.preload(), BackToTop.preload()]).then(() => undefined);

/**
 * After a client-side page change, move focus to the new page's content (unless the page put
 * it somewhere inside itself), so keyboard and screen-reader users start at the new page.
 */
function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
}

/** A new page starts at the top (or at its #anchor), as a full page load would. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

export function AppLayout() {
  useFocusOnNavigate();
  useScrollToTopOnNavigate();
  const { pathname } = useLocation();
  // The admin's screens take the whole width (docs/decisions/158-admin-with-room.md); the navbar and
  // the footer are the same, only their columns follow the admin's.
  return (
    <div className={isAdminPath(pathname) ? 'app-shell app-shell-admin' : 'app-shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page narrow" role="status">Loading…</p>}>
          <RouteErrorBoundary resetKey={pathname}>
            <Outlet />
          </RouteErrorBoundary>
        </Suspense>
      </main>
      {belowTheFold}
    </div>
  );
}
