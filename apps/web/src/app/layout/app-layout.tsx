import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function AppLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page narrow" role="status">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
