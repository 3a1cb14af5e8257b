import { describe, expect, it } from 'vitest';
import { routes } from '../router';
import { ADMIN_PATHS, isAdminPath } from './admin-paths';

// Which pages get the admin's full-width layout (docs/decisions/158-admin-with-room.md).
describe('isAdminPath', () => {
  it('is true on every admin screen, a campaign’s report included', () => {
    for (const path of ['/admin', '/admin-campaign', '/user-list', '/admin-charities', '/admin-challenges', '/admin-campaign/12/report', '/admin-system', '/admin-reports', '/admin-testimonials']) {
      expect(isAdminPath(path), path).toBe(true);
    }
  });

  it('is false on the public pages, whose navbar and footer keep the public column', () => {
    for (const path of ['/', '/about', '/challenge', '/summary', '/account', '/p/aroha', '/leaderboard', '/administrator', '/admin-campaign/12']) {
      expect(isAdminPath(path), path).toBe(false);
    }
  });

  it('routes every admin path to the one admin area module', () => {
    const admin = routes.filter((r) => ADMIN_PATHS.includes(r.path));
    expect(admin.map((r) => r.path)).toEqual([...ADMIN_PATHS]);
    expect(new Set(admin.map((r) => r.lazy)).size).toBe(1);
  });
});
