import { z } from 'zod';

/** GET /api/health when the database answers (200). */
export const healthyResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ status: z.literal('up'), latency_ms: z.number().int().min(0) }),
});

/** GET /api/health when the database does not answer (503). */
export const degradedResponseSchema = z.object({
  status: z.literal('degraded'),
  database: z.object({ status: z.literal('down') }),
});
