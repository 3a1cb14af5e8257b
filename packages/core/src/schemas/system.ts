import { z } from 'zod';
import { HEALTH_STATES } from '../system-health.ts';
import { timestampSchema } from './common.ts';

// GET /api/admin/system: the admin system page (docs/decisions/133-system-page-alerts-metrics.md).
// Each row carries its state word; the rules are in system-health.ts.

const state = z.enum(HEALTH_STATES);
const count = z.number().int().min(0);

export const systemResponseSchema = z.object({
  checked_at: timestampSchema,
  billing: z.object({
    state,
    last_run: z
      .object({
        started_at: timestampSchema,
        finished_at: timestampSchema.nullable(),
        outcome: z.enum(['running', 'ok', 'failed']),
        charged: count,
        failed: count,
        retried: count,
      })
      .nullable(),
    /** The next scheduled run (BILLING_SCHEDULE, UTC); null when this instance runs no queue. */
    next_run_at: timestampSchema.nullable(),
    payments_due: z.boolean(),
  }),
  queue: z.object({
    state,
    /** False when the job queue's tables are not there (the queue never started on this database). */
    available: z.boolean(),
    waiting: count,
    failed: count,
    oldest_waiting_at: timestampSchema.nullable(),
  }),
  mail: z.object({ state, sent: count, failed: count, queued: count, failing_since: timestampSchema.nullable() }),
  backup: z.object({
    state,
    /** The app backs up only its embedded database; a managed one is its provider's (docs/operations.md). */
    enabled: z.boolean(),
    last: z.object({ finished_at: timestampSchema, outcome: z.enum(['ok', 'failed']), size_bytes: count.nullable() }).nullable(),
    last_good_at: timestampSchema.nullable(),
  }),
  stripe_webhook: z.object({ state, unprocessed: count, oldest_unprocessed_at: timestampSchema.nullable() }),
  database: z.object({ state, size_bytes: count }),
  version: z.object({ state, version: z.string(), commit: z.string() }),
});
export type SystemResponse = z.infer<typeof systemResponseSchema>;
