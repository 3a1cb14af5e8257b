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
