import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { campaignSchema } from '@uplift/core/schemas/campaign';
import { challengeSchema } from '@uplift/core/schemas/challenge';
import { paymentMethodSchema } from '@uplift/core/schemas/payment';
import { pledgeSchema } from '@uplift/core/schemas/pledge';
import { recipientSchema } from '@uplift/core/schemas/recipient';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

// Fixtures and a stubbed API for the wizard's hook and component tests (test code only). The
// fixtures go through core's response schemas, so a reply the API could not give fails here.

/** A signed-in donor's access token (sub 1, ROLE_USER); the payload is all the browser reads. */
export const DONOR_TOKEN = 'h.eyJzdWIiOiIxIiwicGVybWlzc2lvbnMiOlsiUk9MRV9VU0VSIl19.s';

/** 20 Nov 2026 in Auckland: the NZ campaign bills from 23 Nov, so four payments remain. */
export const NOW = new Date('2026-11-20T00:00:00Z');

export const nzCampaign = campaignSchema.parse({
  id: 1,
  campaign_name: 'November Uplift Challenge',
  country: 'NZ',
  start_date: '2026-11-16',
  end_date: '2026-12-20',
  billing_start_date: '2026-11-23',
  billing_cycle: 'Weekly',
  is_active: true,
  goal_amount: null,
});
export const ukCampaign = campaignSchema.parse({ ...nzCampaign, id: 2, campaign_name: 'November Uplift Challenge UK', country: 'UK' });

const challenge = (id: number, name: string, kind: 'units' | 'commute') =>
  challengeSchema.parse({
    id,
    name,
    landing_page_icon: kind === 'commute' ? 'commute' : 'coffee',
    icon: kind === 'commute' ? 'commute' : 'coffee',
    unit: name.toLowerCase(),
    description: `Give up ${name.toLowerCase()}`,
    hashtag: `#${name}`,
    hashtag_link: 'https://example.org',
    kind,
    is_enabled: true,
  });
export const coffees = challenge(1, 'Coffees', 'units');
export const commutes = challenge(2, 'Commutes', 'commute');

export const youthline = recipientSchema.parse({
  id: 5,
  recipient_name: 'Youthline',
  logo: '/logos/youthline.svg',
  impact_cost: 35,
  impact_unit: 'hours of helpline support',
  impact_unit_singular: 'hour of helpline support',
  impact_description: 'helpline support for young people',
  impact_multiplier: 7,
  description: 'Youth helpline',
  link: 'https://example.org/youthline',
  country: 'NZ',
  story: '',
  photo: null,
});

/** 5 coffees a week at 3.50 for four weeks: 70 (product-rules §9). */
export const pendingPledge = pledgeSchema.parse({
  id: 7,
  campaign_id: nzCampaign.id,
  challenge_id: coffees.id,
  recipient_id: youthline.id,
  number_of_units: 5,
  cost_per_unit: 3.5,
  confirmed_amount: 70,
  period: 'weekly',
  pledge_status: 'Pending',
  country: 'NZ',
});

export const savedVisa = paymentMethodSchema.parse({
  id: 3,
  method_name: 'card',
  is_enabled: true,
  stripe_payment_method_id: 'pm_test_visa',
  brand: 'visa',
  last4: '4242',
  exp_month: 4,
  exp_year: 2031,
});

/** A reply: status and JSON body, or a function of the request body, or 'never' to stay pending. */
export type Reply = { status: number; body?: unknown } | ((body: unknown) => { status: number; body?: unknown }) | 'never';

export type Call = { key: string; body: unknown };

/** The API the wizard reads before any choice, for a visitor. */
export const BASE_REPLIES: Record<string, Reply> = {
  'GET /api/campaign/active': { status: 200, body: [nzCampaign, ukCampaign] },
  'GET /api/challenge/campaign/NZ': { status: 200, body: [coffees, commutes] },
  'GET /api/challenge/campaign/UK': { status: 200, body: [coffees, commutes] },
  'GET /api/recipient/campaign/NZ': { status: 200, body: [youthline] },
  'GET /api/recipient/campaign/UK': { status: 200, body: [] },
  'GET /api/pledge/total/recipient/NZ': { status: 200, body: [3] },
  'GET /api/pledge/total/recipient-amount/NZ': { status: 200, body: [210] },
  'GET /api/pledge/closest': { status: 404, body: { message: 'No pledges!' } },
};

/** Stubs fetch with `replies` keyed 'METHOD /path'; returns the calls made, in order. */
export function stubApi(replies: Record<string, Reply>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ key, body });
      const reply = replies[key];
      if (!reply) throw new Error(`unexpected request ${key}`);
      if (reply === 'never') return new Promise<Response>(() => {});
      const { status, body: out } = typeof reply === 'function' ? reply(body) : reply;
      return new Response(out === undefined ? '' : JSON.stringify(out), { status });
    }),
  );
  return calls;
}

export const keys = (calls: Call[]) => calls.map((c) => c.key);

/** Providers for a wizard screen or hook: a fresh query cache and a router at `url`. */
export function wizardWrapper(url = '/challenge') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  };
}
