import { z } from 'zod';

/**
 * Every failure the API answers (product-rules §18; docs/decisions/006): `{message, code}`, the message safe to
 * show. Validation failures add the failing fields; server faults add the request id to quote.
 */
export const errorResponseSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/**
 * The error answers of a route, for `schema.response`: the statuses it can answer plus 500,
 * which any route may answer. Example: `response: { 200: campaignSchema, ...errorResponses(400, 404) }`.
 */
export function errorResponses<const S extends ErrorStatus = never>(...statuses: S[]): Record<S | 500, typeof errorResponseSchema> {
  const out = { 500: errorResponseSchema } as Record<S | 500, typeof errorResponseSchema>;
  for (const s of statuses) out[s] = errorResponseSchema;
  return out;
}

/** `{message}` answers that are not failures (e.g. "Pending pledge deleted"). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
