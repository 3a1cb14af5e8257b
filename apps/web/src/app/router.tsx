import { lazy, type ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { paths } from '../lib/paths';
import { AppLayout } from './layout/app-layout';

type RouteModule = { Component: ComponentType };

// Every path of SPEC.md §2 (lib/paths). Pages are lazy so the landing bundle stays small; the
// same table renders in the browser (BrowserRouter) and in the prerender (StaticRouter), see
// docs/decisions/023-prerendered-public-pages.md.
export const routes: { path: string; lazy: () => Promise<RouteModule> }[] = [
  { path: paths.home, lazy: () => import('./routes/home') },
  { path: paths.about, lazy: () => import('./routes/about') },
  { path: paths.privacyPolicy, lazy: () => import('./routes/privacy-policy') },
  { path: paths.challenge, lazy: () => import('./routes/challenge') },
  { path: paths.submitPage, lazy: () => import('./routes/submit-page') },
  { path: paths.login, lazy: () => import('./routes/login') },
  { path: paths.activate, lazy: () => import('./routes/activate') },
  { path: paths.passwordRecovery, lazy: () => import('./routes/password-recovery') },
  { path: paths.resetPassword, lazy: () => import('./routes/reset-password') },
  { path: paths.summary, lazy: () => import('./routes/summary') },
  { path: paths.viewPledge, lazy: () => import('./routes/view-pledge') },
  { path: paths.admin, lazy: () => import('./routes/admin') },
  { path: paths.adminCampaign, lazy: () => import('./routes/admin-campaign') },
  { path: paths.userList, lazy: () => import('./routes/user-list') },
  { path: '*', lazy: () => import('./routes/not-found') },
];

/**
 * A lazy page that renders straight away once its module is loaded (preloadRoute), so the
 * prerender and the hydrating browser render the page itself rather than a Suspense fallback.
 */
function lazyPage(load: () => Promise<RouteModule>) {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(() => load().then((m) => ({ default: m.Component })));
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  const preload = async () => {
    loaded ??= (await load()).Component;
  };
  return { Page, preload };
}

const pages = routes.map((route) => ({ path: route.path, ...lazyPage(route.lazy) }));

/** Loads the page module for `pathname` (before hydrating it, or before prerendering it). */
export async function preloadRoute(pathname: string): Promise<void> {
  const match = matchRoutes(
    pages.map((p) => ({ path: p.path })),
    pathname,
  )?.[0];
  await pages.find((p) => p.path === match?.route.path)?.preload();
}

/** The app's routes, inside BrowserRouter (main.tsx) or StaticRouter (entry-server.tsx). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}
