// The money model test's model (docs/decisions/149-money-model-test.md): what every money surface
// should show, as plain arithmetic in minor units over what the actions did. Written from
// docs/product-rules.md (§15 payments and the fee cover, §16 totals, §19 refunds, §21 pages, gifts,
// teams and leaderboards, "Admin campaign report and payouts"), never from the app's SQL.

export type Country = 'NZ' | 'UK';
export type PaymentStatus = 'Pending' | 'Success' | 'Failed' | 'Cancelled';

export type ModelPayment = {
  date: string;
  amount: number;
  feeCover: number;
  status: PaymentStatus;
  refunded: number;
  /** How many refunds of it went through: its corrected receipt's revision mark (`-R1`, `-R2`). */
  refunds: number;
  skippedFrom: string | null;
  /** The action (its index in the sequence) whose money arrived: receipt numbers follow it (§19, decision 150). */
  receivedAt: number | null;
};

export type ModelPledge = {
  weekly: number;
  total: number;
  coverFee: boolean;
  status: 'Confirmed' | 'Cancelled';
  challenge: number;
  recipient: number;
  payments: ModelPayment[];
  skipped: boolean;
};

/** A friend's gift on the donor's page: its API id, the friend's mail address, its refunds (each amount, in order), and the action it arrived in. */
export type ModelGift = { id: number; email: string; amount: number; succeeded: boolean; refunded: number; refunds: number[]; receivedAt: number | null };

export type ModelDonor = {
  /** The donor's number in the sequence (actions name donors by it). */
  n: number;
  country: Country;
  email: string;
  declines: boolean;
  erased: boolean;
  pledge: ModelPledge;
  page: { slug: string; onLeaderboard: boolean; order: number } | null;
  gifts: ModelGift[];
  /** Each receipt, in the order sent: which payment of the pledge (by date, from 1), what it says was charged and was given so far. */
  receipts: { payment: number; amount: number; givenSoFar: number }[];
};

export type ModelPayout = { country: Country; recipient: number; amount: number };

/** The card fee of one charge (product-rules §9): 2.9% rounded half-up to the minor unit, plus 30c (NZ) or 20p (UK). */
export function fee(chargeMinor: number, country: Country): number {
  const percent = Math.floor((chargeMinor * 29 + 500) / 1000);
  return percent + (country === 'NZ' ? 30 : 20);
}

/** The smallest weekly extra x with (w + x) − fee(w + x) ≥ w (product-rules §15 "Covering the card fee"), found by counting up. */
export function feeCover(weeklyMinor: number, country: Country): number {
  let x = 0;
  while (weeklyMinor + x - fee(weeklyMinor + x, country) < weeklyMinor) x += 1;
  return x;
}

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Received less what was given back: the money a payment still gives. */
export const givenOf = (p: ModelPayment) => (p.status === 'Success' ? p.amount - p.refunded : 0);

/** Counted as §16 counts a pledge: Confirmed, or Cancelled with at least one Success payment. */
export const counted = (pl: ModelPledge) => pl.status === 'Confirmed' || pl.payments.some((p) => p.status === 'Success');

/** The pledge as every total counts it (§16, §19): a Confirmed pledge's total, a Cancelled one's Success payments, less refunds. */
export function pledgedOf(pl: ModelPledge): number {
  if (!counted(pl)) return 0;
  const refunded = sum(pl.payments.map((p) => p.refunded));
  const base = pl.status === 'Confirmed' ? pl.total : sum(pl.payments.filter((p) => p.status === 'Success').map((p) => p.amount));
  return base - refunded;
}

/** The receipt of a payment just made: its number among the pledge's payments by date, and all given so far (net of refunds). */
export function receiptOf(pl: ModelPledge, p: ModelPayment) {
  const byDate = [...pl.payments].sort((a, b) => a.date.localeCompare(b.date));
  // The receipt's "Amount" is what was charged: the gift and its fee cover (§15, decision 144).
  return { payment: byDate.indexOf(p) + 1, amount: p.amount + p.feeCover, givenSoFar: sum(pl.payments.map(givenOf)) };
}

/** What stands of a friend's gift (§19, §21, decision 150): a succeeded gift less its refunds that went through. */
export const standsOf = (g: ModelGift) => (g.succeeded ? g.amount - g.refunded : 0);
/** The gifts that still count as gifts: succeeded and not refunded in full. */
export const countedGifts = (d: ModelDonor) => d.gifts.filter((g) => standsOf(g) > 0);
export const giftsOf = (d: ModelDonor) => sum(d.gifts.map(standsOf));
export const giftCountOf = (d: ModelDonor) => countedGifts(d).length;

export type Figures = {
  pledges: number;
  pledged: number;
  collected: number;
  refunded: number;
  failed: number;
  cancelled: number;
  fee_cover: number;
  fees: number;
  friends_gifts: number;
  friends_gift_count: number;
  net: number;
};

/** The admin report's figures of a set of donors' pledges (and, for a charity, their pages' gifts). */
export function figures(donors: ModelDonor[], country: Country, withGifts: boolean): Figures {
  const pledges = donors.map((d) => d.pledge);
  const payments = pledges.flatMap((pl) => pl.payments);
  const paid = payments.filter((p) => p.status === 'Success');
  const of = (status: PaymentStatus) => sum(payments.filter((p) => p.status === status).map((p) => p.amount));
  // Every gift's card charge keeps its fee, refunded or not; the gifts count what stands of them.
  const gifts = withGifts ? donors.flatMap((d) => d.gifts.filter((g) => g.succeeded)) : [];
  const f = {
    pledges: pledges.filter(counted).length,
    pledged: sum(pledges.map(pledgedOf)),
    collected: of('Success'),
    refunded: sum(payments.map((p) => p.refunded)),
    failed: of('Failed'),
    cancelled: of('Cancelled'),
    fee_cover: sum(paid.map((p) => p.feeCover)),
    fees: sum(paid.map((p) => fee(p.amount + p.feeCover, country))) + sum(gifts.map((g) => fee(g.amount, country))),
    friends_gifts: sum(gifts.map(standsOf)),
    friends_gift_count: gifts.filter((g) => standsOf(g) > 0).length,
    net: 0,
  };
  f.net = f.collected + f.fee_cover + f.friends_gifts - f.refunded - f.fees;
  return f;
}

export class MoneyModel {
  donors: ModelDonor[] = [];
  payouts: ModelPayout[] = [];
  today: string;
  /** The index of the action running now (receipt numbers follow the order money arrived in). */
  step = 0;
  constructor(today: string) {
    this.today = today;
  }

  of(country: Country) {
    return this.donors.filter((d) => d.country === country);
  }

  /** The pledge and gifts of one charity (by index among the two the test uses). */
  charity(country: Country, recipient: number) {
    const fs = figures(
      this.of(country).filter((d) => d.pledge.recipient === recipient),
      country,
      true,
    );
    const paidOut = sum(this.payouts.filter((p) => p.country === country && p.recipient === recipient).map((p) => p.amount));
    return { ...fs, paid_out: paidOut, owed: Math.max(0, fs.net - paidOut), owed_back: Math.max(0, paidOut - fs.net) };
  }

  /**
   * A page's raised figure (§21, §22): money received, its pledge's payments received less their
   * refunds and what stands of its friends' gifts, never an unpaid pledge; its pledge as §16 counts
   * it beside.
   */
  pageRaised(d: ModelDonor) {
    const pledged = pledgedOf(d.pledge);
    const received = sum(d.pledge.payments.map(givenOf));
    const gifts = giftsOf(d);
    return { pledged, received_minor: received, gifts, total: received + gifts, gift_count: giftCountOf(d), matched: 0 }; // the model runs no sponsor match (product-rules §23)
  }

  /** The country's team: every live page joined it, in the order they were made. */
  teamMembers(country: Country) {
    return this.of(country).filter((d) => d.page && !d.erased);
  }
}
