import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';

// Any query parameter named token or ending in _token (activation, reset, access, email change…).
const SECRET_QUERY = /([?&](?:[a-z]+_)?token=)[^&#]*/gi;

/** Removes token values from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * Errors as pino logs them, minus a failed query's parameters (Drizzle puts them in the message
 * and on `.params`, and they can hold tokens, password hashes and donors' details) and minus the
 * database client node-postgres attaches to a connection error.
 */
export function serializeError(err: Error): ReturnType<typeof stdSerializers.err> {
  const out = stdSerializers.err(err);
  if ('params' in out) out.params = '[redacted]';
  // node-postgres puts the whole connection on a lost connection's error: noise, and its settings.
  if ('client' in out) delete out.client;
  if (typeof out.message === 'string') out.message = out.message.replace(QUERY_PARAMS, '\nparams: [redacted]');
  if (typeof out.stack === 'string') out.stack = out.stack.replace(QUERY_PARAMS, '\nparams: [redacted]');
  return out;
}

/** Structured logs with request ids; no passwords, tokens, cookies or card data. */
export function loggerOptions(level: string, pretty: boolean): LoggerOptions & NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_password',
        '*.token',
        '*.access_token',
        '*.refresh_token',
        '*.activation_token',
        '*.reset_token',
        '*.card_number',
        '*.cvc',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req: (req: { id: string; method: string; url: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
}

/**
 * Where logs go: stdout through an asynchronous, buffered writer (pino's SonicBoom with
 * sync: false), so a request does not wait for its log line to reach the terminal or the log
 * collector. pino flushes the buffer synchronously when the process exits. Decision 027.
 */
export function logDestination(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096 });
}

/**
 * One log line per request, written when it completes (method, URL, status, time), instead of
 * Fastify's two ("incoming request" and "request completed"): half the log volume at launch.
 *
 * A completed request's line is written without the redaction pass: its fields are the fixed
 * shapes the serializers above make (id, method, URL with tokens removed, status, time), so no
 * redact path can match in them, and the pass cost more than the rest of the line (about 7 of
 * 10 µs). A line with an error keeps it. A route whose log level is above info logs no line.
 */
export class OneLinePerRequest extends LogController {
  readonly #unredacted = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    if ((pino.levels.values[reply.log.level] ?? Infinity) > pino.levels.values.info!) return;
    this.#linesLogger(request.server.log).info({ reqId: request.id, ...line }, 'request completed');
  }

  #linesLogger(root: FastifyBaseLogger): FastifyBaseLogger {
    let logger = this.#unredacted.get(root);
    if (!logger) {
      logger = root.child({}, { redact: [] });
      this.#unredacted.set(root, logger);
    }
    return logger;
  }
}
