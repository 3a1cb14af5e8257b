import { and, eq } from 'drizzle-orm';
import { mails } from '../../db/schema.ts';
import type { World } from './money-actions.test-support.ts';
import type { Country, ModelDonor, ModelGift } from './money-model.test-support.ts';
import type { Differences } from './money-surfaces.test-support.ts';

// The money model test's receipt numbers and friends' gifts (docs/decisions/149-money-model-test.md,
// 080, 150; product-rules §19, §21): one receipt sequence per country and year across pledge
// payments and gifts, read from the surfaces the app exposes — the admin's payments of a donor and
// gift search, the friend's receipt mails — and each gift as an admin finds it and as its friend was
// told of it, refunds included.

/** A money text of a mail ('$1,234.50', '£0.83') in minor units. */
const minorOfText = (s: string) => Math.round(Number(s.replace(/[^0-9.-]/g, '')) * 100);

const YEAR = '2026';

type GiftMail = { number: string | null; refund: number | null };

/** The friend's gift-receipt mails of one gift, in the order sent: each one's receipt number, and the amount of the refund it tells of. */
async function giftMails(w: World, g: ModelGift): Promise<GiftMail[]> {
  const rows = await w.ctx.db
    .select()
    .from(mails)
    .where(and(eq(mails.to_address, g.email), eq(mails.kind, 'gift-receipt')))
    .orderBy(mails.id);
  return rows.map((m) => ({
    number: /^Receipt number: (\S+)$/m.exec(m.text_body)?.[1] ?? null,
    refund: m.subject.startsWith('Your refund of ') ? minorOfText(m.subject.slice('Your refund of '.length)) : null,
  }));
}

/** The receipt number a gift was given when it arrived: the one its friend's first receipt names. */
const giftNumber = async (w: World, g: ModelGift) => (await giftMails(w, g)).find((m) => m.refund === null)?.number ?? null;

type Numbered = { what: string; number: string | null; received: boolean; at: number; donor: number; date: string };

/**
 * One sequence per country and year (decision 080, 150): every payment and gift whose money arrived
 * has a number `NZ-2026-000001`…, consecutive from 1 (a fresh database), none is skipped or used
 * twice, money not received takes none, and the numbers follow the order the money arrived in: an
 * earlier action's before a later one's, and within one billing run a pledge's weeks in date order.
 */
export async function receiptNumbers(w: World, c: Country, diff: Differences) {
  const { ctx, model } = w;
  const items: Numbered[] = [];
  for (const d of model.of(c)) {
    const u = w.users.get(d.n)!;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${u.id}/payments`, headers: w.adminAuth });
    const rows = (res.json().payments ?? []) as { processing_date: string; receipt_number: string | null }[];
    for (const p of d.pledge.payments) {
      const number = rows.find((r) => r.processing_date === p.date)?.receipt_number ?? null;
      items.push({ what: `donor ${d.n}'s week of ${p.date}`, number, received: p.status === 'Success', at: p.receivedAt ?? -1, donor: d.n, date: p.date });
    }
    for (const g of d.gifts) {
      items.push({ what: `gift ${g.id} on donor ${d.n}'s page`, number: await giftNumber(w, g), received: g.succeeded, at: g.receivedAt ?? -1, donor: -1, date: '' });
    }
  }
  const received = items.filter((x) => x.received);
  diff.same(
    `receipt numbers ${c}: one sequence, consecutive`,
    received.map((x) => x.number).sort(),
    received.map((_, i) => `${c}-${YEAR}-${String(i + 1).padStart(6, '0')}`),
  );
  diff.same(
    `receipt numbers ${c}: only for money received`,
    items.filter((x) => !x.received && x.number !== null).map((x) => `${x.what}: ${x.number}`),
    [],
  );
  const label = (x: Numbered) => `${x.number} (${x.what}, action ${x.at + 1})`;
  const outOfOrder: string[] = [];
  for (const a of received) {
    for (const b of received) {
      if (a.number === null || b.number === null || a.number >= b.number) continue;
      // a has the smaller number: it must not have arrived after b.
      const later = a.at > b.at || (a.at === b.at && a.donor === b.donor && a.donor >= 0 && a.date > b.date);
      if (later) outOfOrder.push(`${label(a)} before ${label(b)}`);
    }
  }
  diff.same(`receipt numbers ${c}: in the order the money arrived`, outOfOrder, []);
}

/**
 * Each friend's gift: as the admin's gift search finds it (by its page's address while the page
 * lives, and by its receipt number always), with what was refunded and what can still be; and as its
 * friend was told: the receipt with its number, then per refund "Your refund of $x" with the same
 * number and its revision mark (§19, decision 150).
 */
export async function friendsGifts(w: World, diff: Differences) {
  const { ctx, model } = w;
  const search = async (q: string) =>
    ((await ctx.app.inject({ method: 'GET', url: `/api/admin/gifts?q=${encodeURIComponent(q)}`, headers: w.adminAuth })).json().gifts ?? []) as {
      id: number;
      status: string;
      amount_minor: number;
      receipt_number: string | null;
      refunded_minor: number;
      refundable_minor: number;
    }[];
  const asFound = (g: { id: number; status: string; amount_minor: number; receipt_number: string | null; refunded_minor: number; refundable_minor: number }) => ({
    id: g.id,
    succeeded: g.status === 'succeeded',
    amount: g.amount_minor,
    receipt_number: g.receipt_number,
    refunded: g.refunded_minor,
    refundable: g.refundable_minor,
  });
  const expected = async (g: ModelGift) => ({
    id: g.id,
    succeeded: g.succeeded,
    amount: g.amount,
    receipt_number: g.succeeded ? await giftNumber(w, g) : null,
    refunded: g.refunded,
    refundable: g.succeeded ? g.amount - g.refunded : 0,
  });
  for (const d of model.donors.filter((x: ModelDonor) => x.gifts.length > 0)) {
    if (d.page && !d.erased) {
      const want = [];
      for (const g of [...d.gifts].reverse()) want.push(await expected(g));
      diff.same(`admin gift search of donor ${d.n}'s page`, (await search(d.page.slug)).map(asFound), want);
    }
    for (const g of d.gifts) {
      const sent = await giftMails(w, g);
      const first = sent.find((m) => m.refund === null)?.number ?? null;
      diff.same(
        `friends' receipts of gift ${g.id} on donor ${d.n}'s page`,
        sent,
        g.succeeded ? [{ number: first, refund: null }, ...g.refunds.map((amount, k) => ({ number: `${first}-R${k + 1}`, refund: amount }))] : [],
      );
      if (g.succeeded && first) diff.same(`admin gift search by receipt number ${first}`, (await search(first)).map(asFound), [await expected(g)]);
    }
  }
}
