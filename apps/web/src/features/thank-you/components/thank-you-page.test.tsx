import { screen, waitFor } from '@testing-library/react';
import type { User } from '@uplift/core/schemas/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCountry } from '../../../lib/country';
import { setAccessToken } from '../../../lib/session';
import { renderAt } from '../../../test/render-at';
import { ThankYouPage } from './thank-you-page';

const ada = {
  id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  user_address: '1 Queen Street, Auckland',
  country: 'UK',
  activated: true,
  opt_in_uplift_comms: false,
  opt_in_charity_comms: false,
} satisfies User;

/** A fetch whose pledge read never answers: the page as it is before the pledge has loaded. */
function pledgeStillLoading() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/auth/user_info')) {
        return Promise.resolve(Response.json(ada));
      }
      return new Promise<Response>(() => {});
    }),
  );
}

describe('ThankYouPage share links', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setCountry('NZ');
  });

  it("name the visitor's country while the pledge is still loading", async () => {
    setAccessToken('token');
    setCountry('UK');
    pledgeStillLoading();
    renderAt(<ThankYouPage />, '/SubmitPage');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Thank you, Ada!' })).toBeTruthy());
    const facebook = screen.getByRole('link', { name: /Share on Facebook/ });
    expect(facebook.getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${window.location.origin}/?country=UK`)}`,
    );
  });
});
