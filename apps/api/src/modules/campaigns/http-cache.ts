import type { FastifyReply } from 'fastify';

// How long browsers and CDNs may reuse a public read (seconds). These answers depend on no
// cookie or token, so a shared cache may keep them; the lengths trade freshness for load.
export const CACHE_SECONDS = {
  /** Pledge totals: the landing page polls them; they are also cached in-process this long. */
  totals: 5,
  /** Challenge and charity lists: reference data an admin changes rarely. */
  referenceData: 300,
  /** What the closest campaign offers: changes when a campaign starts or an admin narrows it. */
  campaignOffer: 30,
} as const;

export function publicCache(reply: FastifyReply, seconds: number): void {
  reply.header('cache-control', `public, max-age=${seconds}`);
}

/** Campaign reads drive the Join button and the admin's edits must show at once: revalidate every time. */
export function noCache(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache');
}
