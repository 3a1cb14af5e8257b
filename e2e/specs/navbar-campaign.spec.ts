import { expect, test } from '@playwright/test';
import { navbarCampaignLabel } from '@uplift/core/campaign-name';
import { adminAccessToken } from '../support/admin.ts';
import { expectJson } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';

// The navbar and the landing's hero name one campaign, read from one query (docs/decisions/156).
// The server reuses a rendered landing page for a few seconds (LANDING_TTL_MS) and the browser
// took the campaign embedded in it as just fetched, so right after an admin switched campaigns a
// visitor saw the old one for a minute. The browser now asks once more after hydrating.

type AdminCampaign = { id: number; campaign_name: string; start_date: string; end_date: string; billing_start_date: string; country: 'NZ' | 'UK'; billing_cycle: string; is_active: boolean; goal_amount: number | null };

const requestBody = (c: AdminCampaign, over: Partial<AdminCampaign>) => ({
  campaign_name: c.campaign_name,
  start_date: c.start_date,
  end_date: c.end_date,
  billing_start_date: c.billing_start_date,
  country: c.country,
  billing_cycle: c.billing_cycle,
  is_active: c.is_active,
  goal_amount: c.goal_amount,
  ...over,
});

test('right after an admin switches campaigns, the landing’s navbar names the new one, as its hero does', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminAccessToken(request)}` };
  const closest = await expectJson<{ id: number }>(await request.get('/api/campaign/closest/NZ'));
  const old = (await expectJson<AdminCampaign[]>(await request.get('/api/campaign', { headers }))).find((c) => c.id === closest.id)!;
  const newName = 'December Giving Challenge';
  expect(navbarCampaignLabel(newName)).not.toBe(navbarCampaignLabel(old.campaign_name));

  // A visitor had the landing page a moment ago: the server keeps that render for a few seconds.
  expect(await (await request.get('/?country=NZ')).text()).toContain(old.campaign_name);
  const created = await expectJson<AdminCampaign>(await request.post('/api/campaign', { headers, data: requestBody(old, { campaign_name: newName, is_active: true, goal_amount: null }) }));
  try {
    await expectJson(await request.put(`/api/campaign/${old.id}`, { headers, data: requestBody(old, { is_active: false }) }));

    const response = await page.goto('/?country=NZ');
    // The page arrived from that earlier render (the case this test is about).
    expect(await response!.text()).toContain(`>${navbarCampaignLabel(old.campaign_name)}<`);
    await appStarted(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('link', { name: `Join the ${newName}` })).toBeVisible({ timeout: 5_000 });
    await expect(nav.getByRole('link', { name: navbarCampaignLabel(newName), exact: true })).toBeVisible({ timeout: 5_000 });
    await expect(nav.getByRole('link', { name: navbarCampaignLabel(old.campaign_name), exact: true })).toHaveCount(0);
  } finally {
    // Put the seeded campaign back for the other specs, and wait out the server's reuse of this render.
    await expectJson(await request.put(`/api/campaign/${old.id}`, { headers, data: requestBody(old, { is_active: true }) }));
    await expectJson(await request.delete(`/api/campaign/${created.id}`, { headers }));
    await expect.poll(async () => (await request.get('/?country=NZ')).text(), { timeout: 10_000 }).toContain(`Join the ${old.campaign_name}`);
  }
});
