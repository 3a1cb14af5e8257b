import { screen, waitFor } from '@testing-library/react';
import type { User } from '@uplift/core/schemas/auth';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCountry } from '../../../lib/country';
import { setAccessToken } from '../../../lib/session';
import { renderAt, stubFetch } from '../../../test/render-at';
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
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${window.location.origin}/?country=UK&via=facebook`)}`,
    );
  });
});

describe('ThankYouPage recap and sharing', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setCountry('NZ');
  });

  const pledge = { id: 7, campaign_id: 1, challenge_id: 1, recipient_id: 5, number_of_units: 5, cost_per_unit: 3.5, confirmed_amount: 70, period: 'weekly', pledge_status: 'Confirmed', country: 'NZ' };
  const payment = (id: number, date: string, amount: number) => ({
    id,
    pledge_id: 7,
    payment_status: 'Pending',
    processing_date: date,
    amount,
    fee_cover: 0,
    refunded: 0,
    skipped_from: null,
    failure_reason: null,
    next_retry_date: null,
    action: null,
    payment_method_id: 3,
  });
  function confirmedPledge(myPage: { status: number; body?: unknown } = { status: 404, body: { message: 'No page', code: 'page.no_page' } }) {
    setAccessToken('token');
    stubFetch({
      'GET /api/my-page': myPage,
      'GET /api/auth/user_info': { status: 200, body: ada },
      'GET /api/pledge/closest/Confirmed': { status: 200, body: pledge },
      // Out of order on purpose: the recap reads them by date.
      'GET /api/payment/': {
        status: 200,
        body: [payment(3, '2026-12-07', 17.5), payment(1, '2026-11-23', 17.5), payment(4, '2026-12-14', 17.5), payment(2, '2026-11-30', 17.5)],
      },
      'GET /api/recipient/5': { status: 200, body: { id: 5, recipient_name: 'Youthline' } },
      'GET /api/challenge/1': { status: 200, body: { id: 1, name: 'Coffees', landing_page_icon: 'coffee', icon: 'coffee' } },
    });
  }

  it('opens on the moment: the name, what is given up, the whole gift and its charity, with the challenge drawn', async () => {
    confirmedPledge();
    const { container } = renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
    expect(await screen.findByTestId('thank-you-moment')).toHaveTextContent('For four weeks you give up coffees, and $70.00 NZD goes to Youthline.');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, Ada!' })).toBeInTheDocument();
    expect(container.querySelector('.thank-you-moment img')?.getAttribute('src')).toBe('/illustrations/coffee.svg');
  });

  it('right after the wizard’s confirm, shows the schedule that call answered at once: no "Loading your payment schedule…"', async () => {
    confirmedPledge();
    const handOver = { pledgeId: 7, payments: [payment(2, '2026-11-30', 17.5), payment(1, '2026-11-23', 17.5), payment(3, '2026-12-07', 17.5), payment(4, '2026-12-14', 17.5)] };
    // The default 1 s delay of product-rules §9: the list read has not even started when the pledge arrives.
    renderAt(<ThankYouPage />, '/SubmitPage', handOver);
    const first = await screen.findByTestId('first-payment');
    expect(first).toHaveTextContent('Your first weekly payment of $17.50 NZD will be taken on 23/11/2026.');
    expect(screen.queryByText('Loading your payment schedule…')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your pledge' })).toHaveTextContent('Last payment14/12/2026');
  });

  it('opened any other way (a reload), reads the schedule after the delay as before', async () => {
    confirmedPledge();
    renderAt(<ThankYouPage paymentDelayMs={50} />, '/SubmitPage', { pledgeId: 8, payments: [payment(1, '2030-01-01', 1)] });
    expect(await screen.findByText('Loading your payment schedule…')).toBeInTheDocument();
    expect(await screen.findByTestId('first-payment')).toHaveTextContent('23/11/2026');
  });

  it('invites the donor to make their challenge page, prefilled and published in one step (docs/decisions/167)', async () => {
    confirmedPledge();
    renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
    const invite = await screen.findByRole('region', { name: 'Ask friends to back you' });
    await waitFor(() => expect(invite).toHaveTextContent('friends can give to Youthline on it.'));
    const link = screen.getByRole('link', { name: 'Make my challenge page' });
    expect(link).toHaveAttribute('href', '/my-page?start=thanks');
    await userEvent.click(link);
    expect(screen.getByTestId('landed')).toHaveTextContent('/my-page?start=thanks');
  });

  it('recaps the pledge: charity, weekly amount, total, first and last dates', async () => {
    confirmedPledge();
    renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
    const recap = await screen.findByRole('region', { name: 'Your pledge' });
    await waitFor(() => expect(recap).toHaveTextContent('CharityYouthline'));
    expect(recap).toHaveTextContent('Each week$17.50 NZD');
    expect(recap).toHaveTextContent('In all$70.00 NZD');
    expect(recap).toHaveTextContent('First payment23/11/2026');
    expect(recap).toHaveTextContent('Last payment14/12/2026');
  });

  it("offers WhatsApp beside the two networks, and the browser's share sheet only where there is one", async () => {
    confirmedPledge();
    renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
    const whatsapp = await screen.findByRole('link', { name: /Share on WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=.+http%3A%2F%2Flocalhost%3A\d+%2F%3Fcountry%3D/);
    expect(screen.getByRole('link', { name: /Share on Facebook/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Share on X/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
  });

  it('shares the donor’s own public page, with its message, when they have one; each link carries its channel', async () => {
    confirmedPledge({ status: 200, body: { slug: 'ada-runs', display_name: 'Ada L.', public: true, country: 'NZ', share_message: 'Back my coffee-free month!' } });
    renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
    const page = `${window.location.origin}/p/ada-runs`;
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Link to share' })).toHaveValue(`${page}?via=copy`));
    expect(screen.getByRole('link', { name: /Share on Facebook/ }).getAttribute('href')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${page}?via=facebook`)}`);
    expect(decodeURIComponent(screen.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href')!)).toBe(`https://wa.me/?text=Back my coffee-free month! ${page}?via=whatsapp`);
    expect(screen.getByRole('link', { name: /Poster/ }).getAttribute('href')).toBe('/api/pages/ada-runs/poster.pdf');
  });

  it('shares the landing page while the donor’s page is a draft', async () => {
    confirmedPledge({ status: 200, body: { slug: 'ada-runs', display_name: 'Ada L.', public: false, country: 'NZ', share_message: null } });
    renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
    await screen.findByTestId('first-payment');
    expect(screen.getByRole('textbox', { name: 'Link to share' })).toHaveValue(`${window.location.origin}/?country=NZ&via=copy`);
    expect(screen.queryByRole('link', { name: /Poster/ })).not.toBeInTheDocument();
  });

  it('shares through navigator.share when the browser has it', async () => {
    confirmedPledge();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Share…' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringMatching(/\/\?country=(NZ|UK)&via=native$/) as unknown }));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('names the first payment and each week of a donor who covers the card fee by what is charged, and says the total leaves the cover apart', async () => {
    // A UK donor of £16.00 a week who covers the fee is charged £16.68 (decision 144).
    setAccessToken('token');
    const covered = (id: number, date: string) => ({ ...payment(id, date, 16), fee_cover: 0.68 });
    stubFetch({
      'GET /api/auth/user_info': { status: 200, body: ada },
      'GET /api/pledge/closest/Confirmed': { status: 200, body: { ...pledge, number_of_units: 8, cost_per_unit: 2, confirmed_amount: 64, country: 'UK' } },
      'GET /api/payment/': {
        status: 200,
        body: [covered(1, '2026-11-23'), covered(2, '2026-11-30'), covered(3, '2026-12-07'), covered(4, '2026-12-14')],
      },
      'GET /api/recipient/5': { status: 200, body: { id: 5, recipient_name: 'Mind' } },
      'GET /api/challenge/1': { status: 200, body: { id: 1, name: 'Coffees', landing_page_icon: 'coffee', icon: 'coffee' } },
    });
    renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
    expect(await screen.findByTestId('first-payment')).toHaveTextContent('Your first weekly payment of £16.68 GBP will be taken on 23/11/2026.');
    const recap = screen.getByRole('region', { name: 'Your pledge' });
    expect(recap).toHaveTextContent('Each week£16.68 GBP');
    expect(recap).toHaveTextContent('In all£64.00 GBP to the charity + £2.72 GBP card fee cover');
  });

  it("reads the cover from the pledge's own schedule when the payment list has nothing", async () => {
    setAccessToken('token');
    stubFetch({
      'GET /api/auth/user_info': { status: 200, body: ada },
      'GET /api/pledge/closest/Confirmed': { status: 200, body: { ...pledge, confirmed_amount: 64, country: 'UK' } },
      'GET /api/payment/': { status: 200, body: [] },
      'GET /api/pledge/7': {
        status: 200,
        body: { ...pledge, payments: [1, 2, 3, 4].map((id) => ({ id, processing_date: `2026-12-0${id}`, amount: 16, fee_cover: 0.68, payment_status: 'Pending', skipped_from: null })) },
      },
      'GET /api/recipient/5': { status: 200, body: { id: 5, recipient_name: 'Mind' } },
      'GET /api/challenge/1': { status: 200, body: { id: 1, name: 'Coffees', landing_page_icon: 'coffee', icon: 'coffee' } },
    });
    renderAt(<ThankYouPage paymentDelayMs={0} />, '/SubmitPage');
    expect(await screen.findByTestId('first-payment')).toHaveTextContent('Your first weekly payment of £16.68 GBP will be taken on 01/12/2026.');
  });
});
