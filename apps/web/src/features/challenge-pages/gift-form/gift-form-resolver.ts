import type { CountryCode } from '@uplift/core/countries';
import type { GiftFormOutput, GiftFormValues } from '@uplift/core/schemas/gifts';
import type { Resolver } from 'react-hook-form';

/**
 * The gift form's checks: core's gift form schema (docs/decisions/148), loaded when first needed.
 * Zod and the schemas are a 25 KB chunk whose start-up is a long task on a slow phone; loaded with
 * the form, it ran while /p and /t were still starting (Lighthouse's Total Blocking Time 120 ms,
 * 30 ms without it). The form asks for it as soon as the friend touches it (`loadGiftChecks`), so
 * it is in hand by "Continue to payment" (decision 174).
 */
export const loadGiftChecks = () => Promise.all([import('@hookform/resolvers/zod'), import('@uplift/core/schemas/gifts')]);

export function giftFormResolver(country: CountryCode): Resolver<GiftFormValues, unknown, GiftFormOutput> {
  let resolver: Resolver<GiftFormValues, unknown, GiftFormOutput> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const [{ zodResolver }, { giftFormSchema }] = await loadGiftChecks();
      resolver = zodResolver(giftFormSchema(country));
    }
    return resolver(values, context, options);
  };
}
