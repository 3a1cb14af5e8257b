// `npm run bench:api`: how much of a bare Fastify server's throughput the real API keeps
// (decision 026). Runs autocannon (50 connections, 10 s, after a 3 s warm-up) against
//   1. GET /api/pledge/total/campaign/NZ of the real app (production config, security headers,
//      validation and one request log line per request, written through the async logger),
//   2. a bare Fastify route returning a number, in the same run,
//   3. a mixed "landing page" scenario: every call a first visit to / makes, in its proportions.
// Both servers run in their own process on a throwaway database. Prints the figures and ratio.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/src/test/free-port.ts';
import { startThrowawayApp } from './throwaway-app.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 3;

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function cannon(url: string, opts: { duration: number; requests?: { path: string }[] }): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: opts.duration, requests: opts.requests });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function measure(url: string, requests?: { path: string }[]): Promise<Result> {
  await cannon(url, { duration: WARMUP_S, requests });
  return cannon(url, { duration: DURATION_S, requests });
}

/** A bare Fastify server (no plugins, no logging) in its own process. */
async function startBare(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const code = `import Fastify from 'fastify';
const app = Fastify();
app.get('/number', async () => 42);
await app.listen({ port: ${port}, host: '127.0.0.1' });
process.stdout.write('ready\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: `${import.meta.dirname}/../apps/api`, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`bare Fastify exited with ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const fmt = (r: Result) =>
  `${Math.round(r.rps).toLocaleString('en-NZ').padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms${r.errors + r.non2xx > 0 ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`;

const app = await startThrowawayApp({ logLevel: 'info' });
const bare = await startBare();
try {
  const linesBefore = app.logLines();
  const realWarm = await cannon(`${app.url}/api/pledge/total/campaign/NZ`, { duration: WARMUP_S });
  const real = await cannon(`${app.url}/api/pledge/total/campaign/NZ`, { duration: DURATION_S });
  const totalRequests = Math.round((realWarm.rps * WARMUP_S + real.rps * DURATION_S));
  // The async logger writes on after the load stops: count once the lines have stopped coming.
  for (let last = -1, waited = 0; app.logLines() !== last && waited < 15_000; waited += 250) {
    last = app.logLines();
    await new Promise((r) => setTimeout(r, 250));
  }
  const linesPerRequest = (app.logLines() - linesBefore) / totalRequests;
  const base = await measure(`${bare.url}/number`);
  // A first visit to /: the prerendered page (its data comes inside it), the country guess, and
  // the calls the page repeats while open (the totals every 15 s) or makes after navigating
  // back to it in the browser (campaign, challenges, charities).
  const landingCalls = [
    '/?country=NZ',
    '/api/geo',
    '/api/campaign/closest/NZ',
    '/api/pledge/total/campaign/NZ',
    '/api/pledge/total/campaign-amount/NZ',
    '/api/challenge/default/NZ',
    '/api/recipient/default/NZ',
  ].map((path) => ({ path }));
  const mixed = await measure(app.url, landingCalls);

  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s after a ${WARMUP_S} s warm-up\n`);
  console.log(`GET /api/pledge/total/campaign/NZ (real app)  ${fmt(real)}`);
  console.log(`GET /number (bare Fastify)                    ${fmt(base)}`);
  console.log(`ratio real / bare                             ${(real.rps / base.rps).toFixed(2)}`);
  console.log(`request log lines per request                  ${linesPerRequest.toFixed(2)}`);
  console.log(`landing page mix (${landingCalls.length} calls, 1 each)            ${fmt(mixed)}\n`);
} finally {
  bare.stop();
  await app.stop();
}
