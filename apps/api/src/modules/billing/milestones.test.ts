import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bill, createCampaign, createConfirmedPledge, fakeProvider, mailsTo, tokenFor } from './billing.test-support.ts';

// Milestones (docs/decisions/137): halfway (2 of 4 received) and completed (4 of 4), a mail each for
// a donor who asked for them, with the one-click unsubscribe link and headers (decision 136).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const WEEKS = ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14'];

async function optIn(userId: number) {
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/account/mail-preferences/milestones', payload: { given: true }, headers: { authorization: `Bearer ${await tokenFor(ctx, userId)}` } });
  expect(res.statusCode).toBe(200);
}

describe('milestone mails', () => {
  it('NZ: halfway after the 2nd payment and completed after the 4th, each with a share link and one-click unsubscribe', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    const { user, recipient } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    await optIn(user.id);
    const provider = fakeProvider();
    for (const asOf of WEEKS) await bill(ctx, provider, { asOf });

    const milestones = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'milestone');
    expect(milestones.map((m) => m.subject)).toEqual([`Halfway there: 2 of 4 payments to ${recipient.recipient_name}`, `Challenge complete: $70.00 NZD to ${recipient.recipient_name}`]);
    expect(milestones[0]!.text_body).toContain('$35.00 NZD of $70.00 NZD');
    expect(milestones[0]!.text_body).toContain(`${ctx.config.appUrl}/?country=NZ&badge=halfway`);
    expect(milestones[1]!.text_body).toContain(`${ctx.config.appUrl}/?country=NZ&badge=completed`);
    for (const m of milestones) {
      expect(m.list_unsubscribe).toMatch(new RegExp(`^${ctx.config.appUrl}/api/unsubscribe\\?token=`));
      expect(m.text_body).toMatch(/Stop milestone emails: http\S+\/unsubscribe\?token=/);
    }
    // Receipts stay receipts, one per payment.
    expect((await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'payment-receipt')).toHaveLength(4);
  });

  it('UK: £ and GBP; the one-click link of the halfway mail stops the completed one', async () => {
    const campaign = await createCampaign(ctx.db, { country: 'UK', billingStart: '2026-11-23' });
    const { user } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, country: 'UK', amount: 1200 });
    await optIn(user.id);
    const provider = fakeProvider();
    await bill(ctx, provider, { asOf: WEEKS[0] });
    await bill(ctx, provider, { asOf: WEEKS[1] });
    const [halfway] = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'milestone');
    expect(halfway!.text_body).toContain('£24.00 GBP of £48.00 GBP');
    expect(halfway!.text_body).not.toContain('$');
    const oneClick = new URL(halfway!.list_unsubscribe!);
    const res = await ctx.app.inject({ method: 'POST', url: oneClick.pathname + oneClick.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.json()).toMatchObject({ kind: 'milestones', stopped: true });
    await bill(ctx, provider, { asOf: WEEKS[2] });
    await bill(ctx, provider, { asOf: WEEKS[3] });
    expect((await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'milestone')).toHaveLength(1);
    const events = await ctx.db.select().from(consentEvents).where(eq(consentEvents.user_id, user.id)).orderBy(consentEvents.id);
    expect(events.map((e) => [e.consent, e.given, e.source])).toEqual([
      ['milestones', 'given', 'account'],
      ['milestones', 'withdrawn', 'unsubscribe-link'],
    ]);
  });

  it('none for a donor who never asked for them (never pre-ticked)', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    const { user } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    const provider = fakeProvider();
    for (const asOf of WEEKS) await bill(ctx, provider, { asOf });
    expect((await mailsTo(ctx.db, user.email)).map((m) => m.kind)).toEqual(['payment-receipt', 'payment-receipt', 'payment-receipt', 'payment-receipt']);
  });
});
