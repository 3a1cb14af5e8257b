import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser, insertCampaign, insertPledge, insertUser, recipientsOf } from './admin.test-support.ts';

// Decision 057: the admin user table shows each donor's pledge and filters by campaign; a donor who
// has not activated can be mailed a new link, at most three activation mails an hour.
describe('admin user table: pledges, campaign filter, resend activation', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let userAuth: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth, userAuth } = await adminAndUser(ctx));
  });
  afterAll(async () => ctx.close());

  const list = async (query: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/auth/all_users?${query}`, headers: adminAuth })).json();

  it('shows the pledge status and amount, and filters by campaign', async () => {
    const [nz] = await recipientsOf(ctx, 'NZ');
    const november = await insertCampaign(ctx);
    const december = await insertCampaign(ctx, { campaign_name: 'December Uplift Challenge', start_date: '2026-12-01', end_date: '2026-12-31', billing_start_date: '2026-12-03' });
    const ana = await insertUser(ctx, { last_name: 'Pledgerone' });
    const ben = await insertUser(ctx, { last_name: 'Pledgertwo' });
    const cat = await insertUser(ctx, { last_name: 'Pledgerthree' });
    await insertPledge(ctx, { user_id: ana.id, campaign_id: november.id, recipient_id: nz!.id, confirmed_amount: 7000 });
    await insertPledge(ctx, { user_id: ben.id, campaign_id: november.id, recipient_id: nz!.id, confirmed_amount: 4250, pledge_status: 'Cancelled' });
    await insertPledge(ctx, { user_id: ben.id, campaign_id: december.id, recipient_id: nz!.id, confirmed_amount: 1000, pledge_status: 'Pending' });

    const all = await list('search=Pledger&sort=id');
    expect(all.users.map((u: { last_name: string; pledge_status: string | null; pledge_amount: number | null }) => [u.last_name, u.pledge_status, u.pledge_amount])).toEqual([
      ['Pledgerone', 'Confirmed', 70],
      ['Pledgertwo', 'Pending', 10],
      ['Pledgerthree', null, null],
    ]);

    const inNovember = await list(`search=Pledger&campaign_id=${november.id}`);
    expect(inNovember.total).toBe(2);
    expect(inNovember.users.map((u: { id: number; pledge_status: string; pledge_campaign_id: number }) => [u.id, u.pledge_status, u.pledge_campaign_id])).toEqual([
      [ana.id, 'Confirmed', november.id],
      [ben.id, 'Cancelled', november.id],
    ]);
    // A Pending pledge (no card saved yet) does not put a donor in a campaign.
    expect((await list(`search=Pledger&campaign_id=${december.id}`)).total).toBe(0);
    expect(cat.id).toBeGreaterThan(0);

    const bad = await ctx.app.inject({ method: 'GET', url: '/api/auth/all_users?campaign_id=x', headers: adminAuth });
    expect(bad.statusCode).toBe(400);
  });

  it('resends the activation mail to a not-activated donor, three times an hour at most', async () => {
    const donor = await insertUser(ctx, { activated: false, email: `late.activator.${Date.now()}@example.org` });
    const resend = (id: number, headers = adminAuth) => ctx.app.inject({ method: 'POST', url: `/api/admin/users/${id}/resend-activation`, headers });

    expect((await resend(donor.id, userAuth)).statusCode).toBe(403);
    for (let i = 0; i < 3; i++) {
      const res = await resend(donor.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: `Activation mail sent to ${donor.email}` });
    }
    const limited = await resend(donor.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/3 times in the last hour/);

    const outbox = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mail' })).json<{ kind: string; to: string }[]>();
    expect(outbox.filter((m) => m.to === donor.email && m.kind === 'activation')).toHaveLength(3);

    // An hour later it may be sent again.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 61 * 60_000).toISOString());
    expect((await resend(donor.id)).statusCode).toBe(200);

    const active = await insertUser(ctx, { activated: true });
    const already = await resend(active.id);
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({ message: 'This account is already activated' });
    expect((await resend(999_999)).statusCode).toBe(404);
  });
});
