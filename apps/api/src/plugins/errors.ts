import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, FieldError } from '../errors.ts';

type ErrorBody = { message: string; code: string; errors?: { path: string; message: string }[] };

/** One place that turns every failure into JSON `{message, code}` with a fitting status. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldError) {
      return reply
        .status(400)
        .send({ message: error.message, code: 'validation', errors: [{ path: error.field, message: error.message }] } satisfies ErrorBody);
    }
    if (error instanceof DomainError) {
      return reply.status(error.status).send({ message: error.message, code: error.code } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply
        .status(400)
        .send({ message: errors[0]?.message ?? 'Invalid request', code: 'validation', errors } satisfies ErrorBody);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is not valid JSON', code: 'request.malformed_json' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Unsupported content type', code: 'request.unsupported_media_type' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request body is too large', code: 'request.too_large' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: 'Too many attempts. Please wait a few minutes and try again.', code: 'rate_limited' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code ?? 'request.invalid' });
    }
    // Details of server faults stay in the log, tagged with the request id.
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'internal', requestId: request.id });
  });
});
