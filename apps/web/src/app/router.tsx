import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../lib/paths';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';

// Every path of SPEC.md §2 (lib/paths). Pages are lazy so the landing bundle stays small.
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
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
      { path: paths.account, lazy: () => import('./routes/account') },
      { path: paths.viewPledge, lazy: () => import('./routes/view-pledge') },
      { path: paths.admin, lazy: () => import('./routes/admin') },
      { path: paths.adminCampaign, lazy: () => import('./routes/admin-campaign') },
      { path: paths.userList, lazy: () => import('./routes/user-list') },
      { path: paths.adminCharities, lazy: () => import('./routes/admin-charities') },
      { path: paths.adminChallenges, lazy: () => import('./routes/admin-challenges') },
      { path: paths.adminCampaignReport, lazy: () => import('./routes/admin-campaign-report') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
