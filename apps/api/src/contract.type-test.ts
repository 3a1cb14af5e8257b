// Type test, checked by `tsc -p apps/api` and never run (vitest includes only *.test.ts): the
// response schemas bind what handlers may send. Each `@ts-expect-error` below marks an answer
// the compiler must refuse; if typing ever stopped refusing it, the directive itself would be
// unused and fail the build.
//
// What TypeScript checks, and so the convention of the route files: an object literal sent with
// `reply.send()` (or `reply.code(n).send()`) is checked for undeclared fields, and so is a literal
// in a function with a declared return type (the mappers, typed with core's `z.infer` types).
// A literal *returned* from the handler is checked for wrong types but not for extra fields
// (TypeScript checks excess properties only against a declared type), so handlers never return
// one; the last case below shows why.
import type { Campaign } from '@uplift/core/schemas/campaign';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const app = Fastify().withTypeProvider<ZodTypeProvider>();
const response = { 200: z.object({ a: z.number() }), 404: z.object({ message: z.string() }) };

// A field the schema does not declare, sent with reply.send().
app.get('/extra-field', { schema: { response } }, async (_request, reply) => {
  // @ts-expect-error 'b' is not in the response schema
  return reply.send({ a: 1, b: 2 });
});

// The same for a given status: only that status's schema applies.
app.get('/extra-field-404', { schema: { response } }, async (_request, reply) => {
  // @ts-expect-error a 404 answers {message}, not {a}
  return reply.code(404).send({ a: 1 });
});

// A declared field of the wrong type, returned.
// @ts-expect-error 'a' must be a number
app.get('/wrong-type', { schema: { response } }, async () => {
  return { a: 'one' };
});

// A declared field missing.
app.get('/missing-field', { schema: { response } }, async (_request, reply) => {
  // @ts-expect-error 'a' is required
  return reply.send({});
});

// A mapper typed with core's entity type cannot add a field either.
export function toCampaign(row: Campaign & { created_at: Date }): Campaign {
  const { id, campaign_name, start_date, end_date, billing_start_date, billing_cycle, is_active, country } = row;
  // @ts-expect-error 'created_at' is not part of the campaign's answer
  return { id, campaign_name, start_date, end_date, billing_start_date, billing_cycle, is_active, country, created_at: row.created_at };
}

// An enumeration from core: a value outside it does not compile.
app.get('/enum', { schema: { response: { 200: z.object({ country: z.enum(['NZ', 'UK']) }) } } }, async (_request, reply) => {
  // @ts-expect-error 'AU' is not a country Uplift serves
  return reply.send({ country: 'AU' });
});

// The blind spot (compiles; the serializer would strip 'b' at run time): why route files send
// literals with reply.send() instead of returning them.
app.get('/returned-literal', { schema: { response } }, async () => {
  return { a: 1, b: 2 };
});
