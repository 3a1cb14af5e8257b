import { COUNTRIES, COUNTRY_CODES, type CountryCode } from './countries.ts';
import { asMinor, formatMoney, sumMinor, type Minor, type MinorArg } from './money.ts';

// Card fees per charge (product-rules §9): 2.9% + 30c (NZ) or 2.9% + 20p (UK).
// Shown to the user, never silently added to a pledge (product-rules §14).

/** Fee of one charge in minor units: the percentage rounded half-up to the cent, plus the fixed part. */
export function feePerChargeMinor(chargeMinor: MinorArg, country: CountryCode): Minor {
  const { percentBasisPoints, fixedMinor } = COUNTRIES[country].fee;
  // charge × bp ÷ 10000, rounded half-up in integers: 2.9% of 1050 (30.45) is 30, of 1500 (43.5) 44.
  const percent = Math.floor((2 * chargeMinor * percentBasisPoints + 10000) / 20000);
  return (percent + fixedMinor) as Minor;
}

/** Total fees of a pledge's payments. */
export function feesTotalMinor(paymentsMinor: readonly MinorArg[], country: CountryCode): Minor {
  return sumMinor(paymentsMinor.map((payment) => feePerChargeMinor(payment, country)));
}

function feeText(country: CountryCode): string {
  const { percentBasisPoints, fixedMinor } = COUNTRIES[country].fee;
  return `${percentBasisPoints / 100}% + ${formatMoney(asMinor(fixedMinor), country)} per payment`;
}

/** '2.9% + $0.30 per payment' / '2.9% + £0.20 per payment'. */
export const FEE_TEXT: Readonly<Record<CountryCode, string>> = Object.fromEntries(
  COUNTRY_CODES.map((code) => [code, feeText(code)]),
) as Record<CountryCode, string>;

/**
 * Covering the card fee (product-rules §15 "Covering the card fee"; docs/decisions/135-cover-the-card-fee.md):
 * the smallest weekly extra x such that the charity receives the whole weekly amount, that is
 * (w + x) − fee(w + x) ≥ w. What is left after the fee never falls as the charge grows (the fee
 * grows by at most a cent per cent charged), so the smallest x is found by halving.
 */
export function feeCoverMinor(weeklyMinor: MinorArg, country: CountryCode): Minor {
  if (!Number.isInteger(weeklyMinor) || weeklyMinor < 0) throw new RangeError(`Not an amount in minor units: ${weeklyMinor}`);
  const covers = (x: number) => weeklyMinor + x - feePerChargeMinor(asMinor(weeklyMinor + x), country) >= weeklyMinor;
  let lo = 0;
  // The fee is under a tenth of the charge plus its fixed part: doubling that is always enough.
  let hi = Math.ceil(weeklyMinor / 10) + COUNTRIES[country].fee.fixedMinor * 2 + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (covers(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo as Minor;
}

/** '$' is also other countries' dollar: the offer names New Zealand's, as 'NZ$0.83'; the pound needs nothing. */
const OFFER_PREFIX: Readonly<Record<CountryCode, string>> = { NZ: 'NZ', UK: '' };

/** The weekly extra as the offer words it: 'NZ$0.83', '£0.73'. */
export function feeCoverText(weeklyMinor: MinorArg, country: CountryCode): string {
  return `${OFFER_PREFIX[country]}${formatMoney(feeCoverMinor(weeklyMinor, country), country)}`;
}

/** The wizard's offer: 'Add NZ$0.83 a week so the card fee does not come out of your gift'. */
export function feeCoverOffer(weeklyMinor: MinorArg, country: CountryCode): string {
  return `Add ${feeCoverText(weeklyMinor, country)} a week so the card fee does not come out of your gift`;
}

// The amount shown is the amount charged (product-rules §15 "What each screen shows";
// docs/decisions/144-the-amount-shown-is-the-amount-charged.md): wherever a weekly payment is
// named, its figure is the gift plus its fee cover, and a pledge's total names the cover apart.

/** What one weekly payment charges the card: the gift and, when the donor covers the card fee, its extra. */
export function chargedMinor(giftMinor: MinorArg, feeCoverMinor: MinorArg): Minor {
  return asMinor(giftMinor + feeCoverMinor);
}

/** One line of the wizard's fee table: what is charged, its card fee, and what reaches the charity. */
export type WeeklyCharge = {
  /** The weekly gift as pledged. */
  giftMinor: Minor;
  /** The extra that covers the card fee (0: none). */
  feeCoverMinor: Minor;
  /** What the card is charged: gift + cover. */
  chargedMinor: Minor;
  /** The card fee of that charge (never of the gift alone). */
  feeMinor: Minor;
  /** What is left for the charity: charged − fee. */
  toCharityMinor: Minor;
};

/**
 * A weekly payment as the fee table shows it. Its lines add up: fee + to the charity = charged, and
 * the fee is the fee of the amount actually charged, so a covered $17.50 reads $18.33, $0.83, $17.50.
 */
export function weeklyCharge(giftMinor: MinorArg, covered: boolean, country: CountryCode): WeeklyCharge {
  const feeCover = covered ? feeCoverMinor(giftMinor, country) : asMinor(0);
  const charged = chargedMinor(giftMinor, feeCover);
  const fee = feePerChargeMinor(charged, country);
  return { giftMinor: asMinor(giftMinor), feeCoverMinor: feeCover, chargedMinor: charged, feeMinor: fee, toCharityMinor: asMinor(charged - fee) };
}

/** The fee covers of a pledge's weekly gifts, added up (each payment has its own: decision 135). */
export function feeCoverTotalMinor(giftsMinor: readonly MinorArg[], country: CountryCode): Minor {
  return sumMinor(giftsMinor.map((gift) => feeCoverMinor(gift, country)));
}

/**
 * A pledge's total, saying whether the card fee cover is in it; the one wording every surface uses:
 * '£64.00 to the charity + £2.72 card fee cover', or '£64.00' when the donor does not cover the fee.
 * `code` adds the currency code to each amount ('£64.00 GBP'); `charity` names it instead of 'the
 * charity', and then always ('£64.00 to Mind', '£64.00 to Mind + £2.72 card fee cover').
 */
export function pledgeTotalText(totalMinor: MinorArg, feeCoverTotal: MinorArg, country: CountryCode, opts: { code?: boolean; charity?: string } = {}): string {
  const money = (minor: MinorArg) => formatMoney(minor, country, { code: opts.code });
  const to = opts.charity === undefined ? '' : ` to ${opts.charity}`;
  return feeCoverTotal > 0 ? `${money(totalMinor)}${to || ' to the charity'} + ${money(feeCoverTotal)} card fee cover` : `${money(totalMinor)}${to}`;
}
