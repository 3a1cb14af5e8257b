import { and, eq } from 'drizzle-orm';
import { GIFTS_PER_PAGE } from '@uplift/core/schemas/challenge-pages';
import { mails } from '../../db/schema.ts';
import { call } from '../../modules/payments/payments.test-support.ts';
import type { World } from './money-actions.test-support.ts';
import { countedGifts, figures, pledgedOf, standsOf, sum, type Country, type Figures, type ModelDonor } from './money-model.test-support.ts';
import { friendsGifts, receiptNumbers } from './money-receipts.test-support.ts';

// The money surfaces (docs/decisions/149-money-model-test.md), each read through the API (or, for
// the receipts, from the mails the app wrote) and compared with the model to the minor unit. Every
// difference is collected with the surface's name, so one run reports all of them.

/** A decimal amount of the API's (major units) in minor units. */
export const minor = (x: unknown) => Math.round(Number(x) * 100);

/** A money text of a mail or CSV ('$1,234.50', '£0.83', '12.05') in minor units. */
export const minorOfText = (s: string) => Math.round(Number(s.replace(/[^0-9.-]/g, '')) * 100);

/** RFC 4180 rows (quoted cells, doubled quotes), without the byte-order mark. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i += 1) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

export class Differences {
  list: string[] = [];
  same(surface: string, actual: unknown, expected: unknown) {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) this.list.push(`${surface}: the API shows ${a}, the model expects ${e}`);
  }
}

const FIGURE_KEYS = ['pledges', 'pledged', 'collected', 'refunded', 'failed', 'cancelled', 'fee_cover', 'fees', 'friends_gifts', 'friends_gift_count', 'net'] as const;
const COUNT_KEYS = new Set(['pledges', 'friends_gift_count']);

function figuresOfApi(row: Record<string, number>, extra: string[] = []) {
  return Object.fromEntries([...FIGURE_KEYS, ...extra].map((k) => [k, COUNT_KEYS.has(k) ? row[k] : minor(row[k])]));
}

function pick(f: Figures & Record<string, number>, extra: string[] = []) {
  return Object.fromEntries([...FIGURE_KEYS, ...extra].map((k) => [k, f[k]]));
}

async function totals(w: World, c: Country, diff: Differences) {
  const { ctx, model } = w;
  const get = async (kind: string) => (await ctx.app.inject({ method: 'GET', url: `/api/pledge/total/${kind}/${c}` })).json();
  const donors = model.of(c);
  const countedOf = (ds: ModelDonor[]) => ds.filter((d) => pledgedOf(d.pledge) !== 0 || d.pledge.status === 'Confirmed' || d.pledge.payments.some((p) => p.status === 'Success')).length;
  diff.same(`totals ${c}: pledges`, await get('campaign'), countedOf(donors));
  diff.same(`totals ${c}: amount`, minor(await get('campaign-amount')), sum(donors.map((d) => pledgedOf(d.pledge))));
  const challengeIds = ((await ctx.app.inject({ method: 'GET', url: `/api/challenge/campaign/${c}` })).json() as { id: number }[]).map((x) => x.id);
  const recipientIds = ((await ctx.app.inject({ method: 'GET', url: `/api/recipient/campaign/${c}` })).json() as { id: number }[]).map((x) => x.id);
  const byChallenge = challengeIds.map((id) => sum(donors.filter((d) => w.challengeIds[d.pledge.challenge] === id).map((d) => pledgedOf(d.pledge))));
  const byRecipient = recipientIds.map((id) => sum(donors.filter((d) => w.recipientIds[c][d.pledge.recipient] === id).map((d) => pledgedOf(d.pledge))));
  diff.same(`totals ${c}: per challenge`, ((await get('challenge-amount')) as number[]).map(minor), byChallenge);
  diff.same(`totals ${c}: per charity`, ((await get('recipient-amount')) as number[]).map(minor), byRecipient);
  const gifts = (await ctx.app.inject({ method: 'GET', url: `/api/gift/total/${c}` })).json() as { gifts: number; amount: number; recipient_amounts: number[] };
  // Net of the gifts' refunds that went through; a gift refunded in full is no longer counted (§19, decision 150).
  const standing = donors.flatMap((d) => countedGifts(d).map((g) => ({ d, g })));
  diff.same(`gift totals ${c}`, { gifts: gifts.gifts, amount: minor(gifts.amount), per: gifts.recipient_amounts.map(minor) }, {
    gifts: standing.length,
    amount: sum(standing.map((x) => standsOf(x.g))),
    per: recipientIds.map((id) => sum(standing.filter((x) => w.recipientIds[c][x.d.pledge.recipient] === id).map((x) => standsOf(x.g)))),
  });
}

async function pagesTeamsLeaderboard(w: World, c: Country, diff: Differences) {
  const { ctx, model } = w;
  for (const d of model.of(c).filter((x) => x.page && !x.erased)) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/pages/${d.page!.slug}` });
    diff.same(`page of donor ${d.n} (${c}): raised`, res.json().raised, model.pageRaised(d));
    // Its list of gifts, newest first, each at what stands of it; one refunded in full is not listed (§19).
    diff.same(
      `page of donor ${d.n} (${c}): gifts listed`,
      (res.json().gifts.items as { amount: number | null }[]).map((g) => g.amount),
      countedGifts(d).reverse().slice(0, GIFTS_PER_PAGE).map(standsOf),
    );
  }
  const members = model.teamMembers(c);
  const team = await ctx.app.inject({ method: 'GET', url: `/api/teams/team-${c.toLowerCase()}` });
  if (members.length > 0) {
    const raised = members.map((d) => model.pageRaised(d));
    diff.same(`team ${c}: raised`, team.json().raised, {
      pledged: sum(raised.map((r) => r.pledged)),
      received_minor: sum(raised.map((r) => r.received_minor)),
      gifts: sum(raised.map((r) => r.gifts)),
      total: sum(raised.map((r) => r.total)),
      gift_count: sum(raised.map((r) => r.gift_count)),
      matched: sum(raised.map((r) => r.matched)),
    });
    diff.same(`team ${c}: members' raised`, (team.json().members as { raised: number }[]).map((m) => m.raised).sort((a, b) => a - b), raised.map((r) => r.total).sort((a, b) => a - b));
  }
  const board = (await ctx.app.inject({ method: 'GET', url: `/api/leaderboards?country=${c}` })).json() as { pages: { slug: string; raised: number }[]; teams: { raised: number; members: number }[] };
  const listed = members
    .filter((d) => d.page!.onLeaderboard)
    .map((d) => ({ slug: d.page!.slug, raised: model.pageRaised(d).total, order: d.page!.order }))
    .sort((a, b) => b.raised - a.raised || a.order - b.order)
    .slice(0, 10)
    .map(({ slug, raised }) => ({ slug, raised }));
  diff.same(`leaderboard ${c}: pages`, board.pages.map(({ slug, raised }) => ({ slug, raised })), listed);
  const teamListed = listed.length > 0 ? [{ raised: sum(members.map((d) => model.pageRaised(d).total)), members: members.length }] : [];
  diff.same(`leaderboard ${c}: teams`, board.teams.map(({ raised, members: m }) => ({ raised, members: m })), teamListed);
}

async function report(w: World, c: Country, diff: Differences) {
  const { ctx, model } = w;
  const json = (await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${w.campaigns[c]}/report`, headers: w.adminAuth })).json() as {
    charities: (Record<string, number> & { recipient_id: number; recipient_name: string })[];
    challenges: (Record<string, number> & { challenge_id: number; name: string })[];
    total: Record<string, number>;
  };
  const csv = parseCsv((await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${w.campaigns[c]}/report.csv`, headers: w.adminAuth })).body);
  const csvRow = (kind: string, name: string) => csv.find((r) => r[0] === kind && r[1] === name);
  // Columns: Kind, Name, Pledges, Donors, Pledged … Cancelled, Fee cover, Fees, Friends' gifts (count), Friends' gifts, Net, Paid out, Owed, Owed back.
  const csvFigures = (r: string[] | undefined, withPayouts: boolean) =>
    r && {
      pledges: Number(r[2]),
      pledged: minorOfText(r[4]!),
      collected: minorOfText(r[5]!),
      refunded: minorOfText(r[6]!),
      failed: minorOfText(r[7]!),
      cancelled: minorOfText(r[8]!),
      fee_cover: minorOfText(r[9]!),
      fees: minorOfText(r[10]!),
      friends_gifts: minorOfText(r[12]!),
      friends_gift_count: Number(r[11]),
      net: minorOfText(r[13]!),
      ...(withPayouts ? { paid_out: minorOfText(r[14]!), owed: minorOfText(r[15]!), owed_back: minorOfText(r[16]!) } : {}),
    };
  const payoutKeys = ['paid_out', 'owed', 'owed_back'];
  for (const [i, id] of w.recipientIds[c].entries()) {
    const expected = pick(model.charity(c, i), payoutKeys);
    const row = json.charities.find((r) => r.recipient_id === id);
    diff.same(`report ${c}: charity ${i}`, row && figuresOfApi(row, payoutKeys), expected);
    diff.same(`report CSV ${c}: charity ${i}`, csvFigures(row && csvRow('Charity', row.recipient_name), true), expected);
  }
  for (const [i, id] of w.challengeIds.entries()) {
    const f = figures(model.of(c).filter((d) => d.pledge.challenge === i), c, false);
    const row = json.challenges.find((r) => r.challenge_id === id);
    diff.same(`report ${c}: challenge ${i}`, row && figuresOfApi(row), pick(f));
    diff.same(`report CSV ${c}: challenge ${i}`, csvFigures(row && csvRow('Challenge', row.name), false), pick(f));
  }
  const total = figures(model.of(c), c, true);
  const paidOut = sum(model.payouts.filter((p) => p.country === c).map((p) => p.amount));
  const perCharity = w.recipientIds[c].map((_, i) => model.charity(c, i));
  const expectedTotal = { ...pick(total), paid_out: paidOut, owed: sum(perCharity.map((x) => x.owed)), owed_back: sum(perCharity.map((x) => x.owed_back)) };
  diff.same(`report ${c}: total`, figuresOfApi(json.total, payoutKeys), expectedTotal);
  diff.same(`report CSV ${c}: total`, csvFigures(csv.find((r) => r[0] === 'Total'), true), expectedTotal);
}

/** The donor's own views: /summary's payments, the data export, and the receipts' "given so far". */
async function donor(w: World, d: ModelDonor, diff: Differences) {
  const { ctx } = w;
  const u = w.users.get(d.n)!;
  const expected = [...d.pledge.payments]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((p) => ({ date: p.date, status: p.status, amount: p.amount, fee_cover: p.feeCover, refunded: p.refunded }));
  const listed = (await call(ctx, 'GET', '/api/payment/', { token: u.token })).json() as { processing_date: string; payment_status: string; amount: number; fee_cover: number; refunded: number }[];
  diff.same(
    `/summary payments of donor ${d.n}`,
    [...listed]
      .sort((a, b) => a.processing_date.localeCompare(b.processing_date))
      .map((p) => ({ date: p.processing_date, status: p.payment_status, amount: minor(p.amount), fee_cover: minor(p.fee_cover), refunded: minor(p.refunded) })),
    expected,
  );
  const exported = (await call(ctx, 'GET', '/api/account/export', { token: u.token })).json() as {
    payments: { processing_date: string; payment_status: string; amount: number; receipt_number: string | null }[];
    gifts: { received: { amount: number | null }[] };
  };
  diff.same(
    `data export payments of donor ${d.n}`,
    [...exported.payments].sort((a, b) => a.processing_date.localeCompare(b.processing_date)).map((p) => ({ date: p.processing_date, status: p.payment_status, amount: minor(p.amount) })),
    expected.map(({ date, status, amount }) => ({ date, status, amount })),
  );
  // The export lists each gift received as it was given (its refunds are not the page owner's data).
  diff.same(`data export gifts received by donor ${d.n}`, sum(exported.gifts.received.map((g) => minor(g.amount ?? 0))), sum(d.gifts.filter((g) => g.succeeded).map((g) => g.amount)));
  const receipts = await ctx.db.select().from(mails).where(and(eq(mails.to_address, d.email), eq(mails.kind, 'payment-receipt'))).orderBy(mails.id);
  diff.same(
    `receipts of donor ${d.n} (payment number, amount charged, "given so far")`,
    receipts.map((m) => ({
      payment: Number(/^Payment: (\d+) of/m.exec(m.text_body)?.[1]),
      amount: minorOfText(/^Amount: (\S+)/m.exec(m.text_body)?.[1] ?? 'NaN'),
      givenSoFar: minorOfText(/So far you have given (\S+) of/.exec(m.text_body)?.[1] ?? 'NaN'),
    })),
    d.receipts,
  );
  // Receipt numbers count up with the payments' dates: billing charges a pledge's weeks in date order
  // (a donor whose card pays: every week is charged by billing, none by pay now).
  if (!d.declines) {
    const numbered = exported.payments
      .filter((p) => p.receipt_number)
      .sort((a, b) => a.processing_date.localeCompare(b.processing_date))
      .map((p) => p.receipt_number!);
    diff.same(`receipts of donor ${d.n}: receipt numbers in date order`, numbered, [...numbered].sort());
  }
  // The account page's receipts: each payment received, by the number the export shows (with the
  // revision mark of its refunds, `-R1`), for what was charged, fee cover included, less what went
  // back (§19, decision 144).
  const account = (await call(ctx, 'GET', '/api/account', { token: u.token })).json() as { pledges: { receipts: { receipt_number: string; processing_date: string; amount_minor: number }[] }[] };
  const numberOf = new Map(exported.payments.map((p) => [p.processing_date, p.receipt_number]));
  diff.same(
    `account page receipts of donor ${d.n}`,
    account.pledges
      .flatMap((pl) => pl.receipts)
      .map((r) => ({ number: r.receipt_number, date: r.processing_date, amount: r.amount_minor }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    [...d.pledge.payments]
      .filter((p) => p.status === 'Success')
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((p) => ({ number: `${numberOf.get(p.date)}${p.refunds > 0 ? `-R${p.refunds}` : ''}`, date: p.date, amount: p.amount + p.feeCover - p.refunded })),
  );
}

/** The partner-charity export: opted-in donors of counted pledges, with what they pledged and what they gave. */
async function charityExport(w: World, c: Country, diff: Differences) {
  const { ctx, model } = w;
  for (const [i, id] of w.recipientIds[c].entries()) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/exports/charity?recipient_id=${id}&campaign_id=${w.campaigns[c]}`, headers: w.adminAuth });
    const [header, ...rows] = parseCsv(res.body);
    const col = (name: string) => header!.indexOf(name);
    const actual = rows
      .filter((r) => r.length > 1 && /^Model\d+$/.test(r[col('Last name')]!))
      .map((r) => ({ donor: Number(r[col('Last name')]!.slice(5)), pledged: minorOfText(r[col('Pledged total')]!), paid: minorOfText(r[col('Amount paid')]!) }))
      .sort((a, b) => a.donor - b.donor);
    const expected = model
      .of(c)
      .filter((d) => !d.erased && d.pledge.recipient === i && (d.pledge.status === 'Confirmed' || d.pledge.payments.some((p) => p.status === 'Success')))
      .map((d) => ({ donor: d.n, pledged: d.pledge.total, paid: sum(d.pledge.payments.map((p) => (p.status === 'Success' ? p.amount - p.refunded : 0))) }));
    diff.same(`charity export ${c}: charity ${i}`, actual, expected);
  }
}

/** Every surface against the model; the differences found, each named. */
export async function compareSurfaces(w: World): Promise<string[]> {
  const diff = new Differences();
  // The totals are cached for five seconds of the app's clock: move past that first.
  w.ctx.clock.set(new Date(w.ctx.clock.now().getTime() + 6_000).toISOString());
  for (const c of ['NZ', 'UK'] as const) {
    await totals(w, c, diff);
    await pagesTeamsLeaderboard(w, c, diff);
    await report(w, c, diff);
    await charityExport(w, c, diff);
    await receiptNumbers(w, c, diff);
  }
  await friendsGifts(w, diff);
  for (const d of w.model.donors.filter((x) => !x.erased)) await donor(w, d, diff);
  return diff.list;
}
