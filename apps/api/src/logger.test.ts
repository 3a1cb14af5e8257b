import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, OneLinePerRequest } from './logger.ts';

/** A Fastify app logging as the real one does, into an array of parsed lines. */
async function appWithLogs() {
  const lines: Record<string, unknown>[] = [];
  const log = pino(loggerOptions('info', false), { write: (s: string) => void lines.push(JSON.parse(s)) });
  const app = Fastify({ loggerInstance: log, logController: new OneLinePerRequest() });
  app.get('/ok', async () => 42);
  app.get('/quiet', { logLevel: 'warn' }, async () => 'x');
  app.post('/boom', async (request) => {
    request.log.info({ body: request.body }, 'body seen');
    throw new Error('it broke');
  });
  await app.ready();
  return { app, lines };
}

describe('one log line per request', () => {
  it('writes one line per completed request: its id, method, URL without tokens, status and time; no headers', async () => {
    const { app, lines } = await appWithLogs();
    const res = await app.inject({
      method: 'GET',
      url: '/ok?token=secret-token&x=1',
      headers: { authorization: 'Bearer secret-jwt', cookie: 'refresh=secret-cookie' },
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.stringMatching(/^req-/),
      req: { method: 'GET', url: '/ok?token=[redacted]&x=1' },
      res: { statusCode: 200 },
    });
    expect((line!.req as { id: string }).id).toBe(line!.reqId);
    expect(typeof line!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/secret-(token|jwt|cookie)/);
  });

  it('writes no line for a route whose log level is above info', async () => {
    const { app, lines } = await appWithLogs();
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it('keeps redacting every other line, such as a route logging a body or an error', async () => {
    const { app, lines } = await appWithLogs();
    const res = await app.inject({ method: 'POST', url: '/boom', payload: { email: 'a@example.org', password: 'hunter2-secret' } });
    expect(res.statusCode).toBe(500);
    expect(lines.find((l) => l.msg === 'body seen')).toMatchObject({ body: { email: 'a@example.org', password: '[redacted]' } });
    expect(lines.find((l) => l.msg === 'it broke')).toMatchObject({ level: 50, err: { message: 'it broke' } });
    expect(lines.filter((l) => l.msg === 'request completed')).toMatchObject([{ req: { method: 'POST', url: '/boom' }, res: { statusCode: 500 } }]);
    expect(JSON.stringify(lines)).not.toContain('hunter2-secret');
  });
});
