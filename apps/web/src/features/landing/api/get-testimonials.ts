import { useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import type { PublicTestimonial } from '@uplift/core/schemas/testimonials';
import { api } from '../../../lib/api-client';

/**
 * GET /api/testimonials/{country}: what people who took part said, entered by an admin with their
 * consent (docs/decisions/167-honest-social-proof.md). Read by the below-the-fold chunk only.
 */
export function useTestimonials(country: CountryCode) {
  return useQuery({
    queryKey: ['testimonials', country],
    queryFn: ({ signal }) => api<PublicTestimonial[]>(`/api/testimonials/${country}`, { signal }),
    staleTime: 5 * 60_000,
  });
}
