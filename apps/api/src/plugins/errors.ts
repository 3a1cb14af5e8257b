import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/pg-errors.ts';
import { DomainError, FieldError, httpErrors } from '../errors.ts';

type ErrorBody = { message: string; code: string; errors?: { path: string; message: string }[] };

const answer = (reply: FastifyReply, error: DomainError, extra: Omit<ErrorBody, 'message' | 'code'> = {}) =>
  reply.status(error.status).send({ message: error.message, code: error.code, ...extra } satisfies ErrorBody);

/** One place that turns every failure into JSON `{message, code}` with a fitting status. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldError) {
      return answer(reply, error, { errors: [{ path: error.field, message: error.message }] });
    }
    if (error instanceof DomainError) return answer(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return answer(reply, httpErrors.validation({ fieldMessage: errors[0]?.message ?? 'Invalid request' }), { errors });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return answer(reply, httpErrors.malformedJson());
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return answer(reply, httpErrors.unsupportedMediaType());
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer(reply, httpErrors.bodyTooLarge());
    const status = error.statusCode ?? 500;
    if (status === 429) return answer(reply, httpErrors.rateLimited());
    // Any other refusal of the framework or a plugin passes through with its own code (not catalogued).
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code ?? 'request.invalid' });
    }
    // The database is away: a short answer that says to come back (docs/decisions/153), one warning line.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      const unavailable = httpErrors.unavailable();
      return reply.status(unavailable.status).header('retry-after', '30').send({ message: unavailable.message, code: unavailable.code, requestId: request.id });
    }
    // Details of server faults stay in the log, tagged with the request id.
    request.log.error({ err: error }, 'unhandled error');
    const internal = httpErrors.internal();
    return reply.status(internal.status).send({ message: internal.message, code: internal.code, requestId: request.id });
  });
});
