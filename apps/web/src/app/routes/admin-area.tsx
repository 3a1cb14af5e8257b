import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { AdminShell } from '../../features/admin/components/admin-shell';
import { paths } from '../../lib/paths';
import { preloadable } from '../../lib/preloadable';
import { RequireAuth } from '../../lib/require-auth';

// The admin's screens, behind one route module: the app's entry chunk (every page's first load,
// the landing's within its 100 KB budget: decision 024) names one lazy module for all of them
// instead of one per screen with its list of chunks. Each screen is still its own chunk, shown in
// the admin's own layout, the side navigation beside it (docs/decisions/158-admin-with-room.md).

const screen = (load: () => Promise<{ Component: ComponentType }>) => preloadable(() => load().then((m) => m.Component));

const SCREENS: Record<string, ReturnType<typeof screen>> = {
  [paths.admin]: screen(() => import('./admin')),
  [paths.adminCampaign]: screen(() => import('./admin-campaign')),
  [paths.userList]: screen(() => import('./user-list')),
  [paths.adminCharities]: screen(() => import('./admin-charities')),
  [paths.adminChallenges]: screen(() => import('./admin-challenges')),
  [paths.adminCampaignReport]: screen(() => import('./admin-campaign-report')),
  [paths.adminCampaignMatches]: screen(() => import('./admin-campaign-matches')),
  [paths.adminSystem]: screen(() => import('./admin-system')),
  [paths.adminReports]: screen(() => import('./admin-reports')),
  [paths.adminTestimonials]: screen(() => import('./admin-testimonials')),
};

/** The screen for this admin path (a campaign's report: /admin-campaign/{id}/report), for admins only. */
export function Component() {
  const { pathname } = useLocation();
  const key = /^\/admin-campaign\/[^/]+\/report$/.test(pathname)
    ? paths.adminCampaignReport
    : /^\/admin-campaign\/[^/]+\/matches$/.test(pathname)
      ? paths.adminCampaignMatches
      : pathname;
  const Screen = (SCREENS[key] ?? SCREENS[paths.admin])!;
  return (
    <RequireAuth admin>
      <AdminShell>
        <Screen.Component />
      </AdminShell>
    </RequireAuth>
  );
}
