import type { FastifyReply } from 'fastify';

// How long browsers and CDNs may reuse a public read (seconds). These answers depend on no
// cookie or token, so a shared cache may keep them; the lengths trade freshness for load.
export const CACHE_SECONDS = {
  /** Pledge totals: the landing page polls them; they are also cached in-process this long. */
  totals: 5,
} as const;

export function publicCache(reply: FastifyReply, seconds: number): void {
  reply.header('cache-control', `public, max-age=${seconds}`);
}

/**
 * Campaign, challenge and charity reads drive the Join button, the landing page and the wizard, and
 * the admin's edits must show at once (decision 054): revalidate every time.
 */
export function noCache(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache');
}
