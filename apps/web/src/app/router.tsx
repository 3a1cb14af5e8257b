import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';

// Every path of SPEC.md §2. Pages are lazy so the landing bundle stays small.
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: () => import('./routes/home') },
      { path: '/about', lazy: () => import('./routes/about') },
      { path: '/privacy-policy', lazy: () => import('./routes/privacy-policy') },
      { path: '/challenge', lazy: () => import('./routes/challenge') },
      { path: '/SubmitPage', lazy: () => import('./routes/submit-page') },
      { path: '/login', lazy: () => import('./routes/login') },
      { path: '/activate', lazy: () => import('./routes/activate') },
      { path: '/password-recovery', lazy: () => import('./routes/password-recovery') },
      { path: '/reset-password', lazy: () => import('./routes/reset-password') },
      { path: '/summary', lazy: () => import('./routes/summary') },
      { path: '/viewPledge', lazy: () => import('./routes/view-pledge') },
      { path: '/admin', lazy: () => import('./routes/admin') },
      { path: '/admin-campaign', lazy: () => import('./routes/admin-campaign') },
      { path: '/user-list', lazy: () => import('./routes/user-list') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
