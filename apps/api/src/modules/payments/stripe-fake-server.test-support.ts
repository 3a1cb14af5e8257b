import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import path from 'node:path';

// A stand-in for api.stripe.com on loopback, answering with recorded Stripe responses
// (fixtures/stripe/*.json), so the Stripe provider is tested through the real SDK with no
// network. Test-only code.

export type RecordedRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; form: URLSearchParams };
export type FakeResponse = { status: number; fixture: string };
export type FakeRoute = { method: string; path: string; respond: (request: RecordedRequest) => FakeResponse };

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/stripe', `${name}.json`), 'utf8'));
}

export async function startFakeStripe(routes: FakeRoute[]) {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(recorded);
      const route = routes.find((r) => r.method === recorded.method && r.path === recorded.path);
      const answer = route ? route.respond(recorded) : { status: 404, fixture: 'error.resource_missing' };
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_fake_${requests.length}`,
        // Never make the SDK wait to retry in a test.
        'stripe-should-retry': 'false',
      });
      res.end(JSON.stringify(fixture(answer.fixture)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
