import { describe, expect, it } from 'vitest';
import { clientRouteMatcher } from './spa.ts';

describe('which paths get the app shell rather than the 404 page', () => {
  const isClientRoute = clientRouteMatcher(['/', '/login', '/admin-campaign', '/admin-campaign/:id/report']);

  it('matches the routes, a :name segment standing for any one segment', () => {
    for (const url of ['/', '/login', '/admin-campaign', '/admin-campaign/7/report']) expect(isClientRoute(url), url).toBe(true);
  });

  it('matches nothing else', () => {
    for (const url of ['/no-such-page', '/login/extra', '/admin-campaign/7', '/admin-campaign/7/report/x', '/admin-campaign//report', '/loginx']) {
      expect(isClientRoute(url), url).toBe(false);
    }
  });
});
