import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import { mails, payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { call, createCampaign, createUser, referenceIds, saveTestCard } from '../payments/payments.test-support.ts';

// "Add to calendar" in the pledge-confirmed mail (decision 083): the mail confirmed through the real
// routes carries an .ics that ical.js parses, with one all-day event per remaining payment on
// its date in the campaign's country. The clock is 2026-11-23T20:00Z: Tuesday the 24th in
// Auckland, Monday the 23rd in London, so a date taken in the wrong zone shows.

const NOW = '2026-11-23T20:00:00.000Z';

describe('the pledge-confirmed mail’s calendar', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ now: NOW });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Payments on 16, 23 and 30 November and 7 December; weeks remaining: NZ 30/11 and 7/12, UK also 23/11. */
  const cases: { country: CountryCode; remaining: string[] }[] = [
    { country: 'NZ', remaining: ['2026-11-30', '2026-12-07'] },
    { country: 'UK', remaining: ['2026-11-23', '2026-11-30', '2026-12-07'] },
  ];

  it.each(cases)('has one all-day event per remaining payment of a $country pledge, on its date in the campaign’s zone', async ({ country, remaining }) => {
    const campaignId = await createCampaign(ctx, { country, start: '2026-11-10', end: '2026-12-20', billing: '2026-11-16' });
    const { challengeId, recipientId, recipientName } = await referenceIds(ctx, country);
    const user = await createUser(ctx, { country });
    const card = await saveTestCard(ctx, user);
    const pledge = { campaign_id: campaignId, challenge_id: challengeId, recipient_id: recipientId, number_of_units: 5, cost_per_unit: 3.5, period: 'weekly' };
    const created = await call(ctx, 'POST', '/api/pledge', { token: user.token, body: { ...pledge, confirmed_amount: 17.5 * remaining.length } });
    expect(created.statusCode, created.body).toBe(201);
    const confirmed = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const [mail] = await ctx.db.select().from(mails).where(and(eq(mails.to_address, user.email), eq(mails.kind, 'pledge-confirmed')));
    const [ics] = mail!.attachments!;
    expect(ics!.filename).toMatch(/\.ics$/);
    expect(ics!.contentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(Buffer.from(ics!.content, 'base64').toString('utf8')));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));

    const rows = await ctx.db.select().from(payments).where(eq(payments.pledge_id, created.json().id)).orderBy(payments.processing_date);
    expect(rows.map((p) => p.processing_date)).toEqual(remaining);
    expect(events.map((e) => e.startDate.toString())).toEqual(remaining);
    expect(events.every((e) => e.startDate.isDate && e.endDate.toString() > e.startDate.toString())).toBe(true);
    expect(new Set(events.map((e) => e.uid)).size).toBe(remaining.length);
    for (const [i, event] of events.entries()) {
      expect(event.summary).toBe(`Uplift payment ${i + 1} of ${remaining.length}: ${formatMoney(asMinor(1750), country, { code: true })} to ${recipientName}`);
      expect(event.description).toContain(`(${COUNTRIES[country].timeZone} time)`);
    }
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe(COUNTRIES[country].timeZone);
  });
});
