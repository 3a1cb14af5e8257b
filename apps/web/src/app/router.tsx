import type { ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { paths } from '../lib/paths';
import { preloadable } from '../lib/preloadable';
import { ADMIN_PATHS } from './layout/admin-paths';
import { AppLayout, preloadLayout } from './layout/app-layout';

/** A page module; `preloadForPrerender` loads the lazy parts the prerender must include. */
type RouteModule = { Component: ComponentType; preloadForPrerender?: () => Promise<void> };

const fundraising = () => import('./routes/fundraising');
/** Every admin screen is behind one route module (routes/admin-area.tsx). */
const adminArea = () => import('./routes/admin-area');

// Every path of product-rules §2 (lib/paths). Pages are lazy so the landing bundle stays small; the
// same table renders in the browser (BrowserRouter) and in the prerender (StaticRouter), see
// docs/decisions/023-prerendered-public-pages.md.
export const routes: { path: string; lazy: () => Promise<RouteModule> }[] = [
  { path: paths.home, lazy: () => import('./routes/home') },
  { path: paths.about, lazy: () => import('./routes/about') },
  { path: paths.privacyPolicy, lazy: () => import('./routes/privacy-policy') },
  { path: paths.challenge, lazy: () => import('./routes/challenge') },
  { path: paths.submitPage, lazy: () => import('./routes/submit-page') },
  { path: paths.login, lazy: () => import('./routes/login') },
  { path: paths.twoFactor, lazy: () => import('./routes/two-factor') },
  { path: paths.activate, lazy: () => import('./routes/activate') },
  { path: paths.passwordRecovery, lazy: () => import('./routes/password-recovery') },
  { path: paths.resetPassword, lazy: () => import('./routes/reset-password') },
  { path: paths.summary, lazy: () => import('./routes/summary') },
  { path: paths.account, lazy: () => import('./routes/account') },
  { path: paths.viewPledge, lazy: () => import('./routes/view-pledge') },
  { path: paths.unsubscribe, lazy: () => import('./routes/unsubscribe') },
  // Friends give too (docs/decisions/140, 142): one small module for these four, which loads each screen,
  // so they cost the app's entry chunk (the landing's first load) as little as possible.
  { path: paths.challengePage, lazy: fundraising },
  { path: paths.teamPage, lazy: fundraising },
  { path: paths.myPage, lazy: fundraising },
  { path: paths.leaderboard, lazy: fundraising },
  // The admin's screens, in their own full-width layout (docs/decisions/158-admin-with-room.md).
  ...ADMIN_PATHS.map((path) => ({ path, lazy: adminArea })),
  { path: '*', lazy: () => import('./routes/not-found') },
];

const pages = routes.map((route) => ({
  path: route.path,
  load: route.lazy,
  ...preloadable(() => route.lazy().then((m) => m.Component)),
}));

/**
 * Loads the page module for `pathname` before hydrating it; `forPrerender` also loads the lazy
 * parts the page renders (the browser hydrates those when their code arrives).
 */
export async function preloadRoute(pathname: string, forPrerender = false): Promise<void> {
  const match = matchRoutes(
    pages.map((p) => ({ path: p.path })),
    pathname,
  )?.[0];
  const page = pages.find((p) => p.path === match?.route.path);
  if (!page) return;
  await page.preload();
  if (forPrerender) await Promise.all([preloadLayout(), (await page.load()).preloadForPrerender?.()]);
}

/** The app's routes, inside BrowserRouter (main.tsx) or StaticRouter (entry-server.tsx). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {pages.map(({ path, Component: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}
