import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, signInAdmin } from '../modules/admin/admin.test-support.ts';
import { refreshCookieOf, registration, seedOpenCampaign } from '../modules/auth/auth.test-support.ts';
import { hashPassword } from '../modules/auth/password.ts';
import type { OpenApiDocument } from '../plugins/openapi.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { generateOpenApiDocument } from './openapi-document.ts';
import { invalidValue, objectWithOneBadField, resolverFor, validValue, type JsonSchema } from './schema-arbitraries.ts';

// Contract fuzzing (decision 006): every operation of the OpenAPI description gets generated valid
// and invalid inputs on inject(), against a real database. For every answer: no 5xx; a 4xx is
// JSON with a string `message` and a code the description's x-error-codes lists with that status;
// any status is one the operation declares (framework answers to a malformed body excepted); a
// body matches the schema declared for its status. Secured operations answer 401 without a
// token. Reproduce a failure with FUZZ_SEED=<the printed seed>.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const VALID_RUNS = 40;
const INVALID_RUNS = 20;
/** Operations that run scrypt (~0.4 s a hash) on a well-formed request get fewer runs. */
const COSTLY = new Set([
  'post /api/auth/login',
  'post /api/auth/register',
  'post /api/auth/reset',
  'post /api/account/email',
  'post /api/account/password',
  'post /api/account/erase',
]);
const COSTLY_RUNS = 4;
/**
 * Answers the framework gives before a route is reached or its schema consulted: a body that is
 * not JSON, too large or of another type (the error handler's codes), and the router's own
 * refusals of a malformed URL or a path parameter over 100 characters.
 */
const FRAMEWORK_CODES = new Set([
  'request.malformed_json',
  'request.unsupported_media_type',
  'request.too_large',
  'request.bad_url',
  'request.url_too_long',
]);
/**
 * Run last: they end sessions, cancel or delete what the other operations read. Access tokens
 * are stateless JWTs, so the fuzzers' tokens stay valid through logout, reset and cancel.
 */
const DESTRUCTIVE = new Set(['post /api/auth/logout', 'post /api/auth/reset', 'put /api/pledge/cancel', 'delete /api/pledge/delete', 'post /api/campaign/deactivate', 'post /api/account/erase']);

type Operation = {
  key: string;
  method: string;
  path: string;
  tags: string[];
  secured: boolean;
  admin: boolean;
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | undefined;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

/**
 * Who sends a request: `owner` is the operation's intended caller (the admin for admin
 * operations, else the donor with a Pending pledge), `other` a donor with a Confirmed pledge,
 * `wrong` the other role (the donor on admin operations, the admin elsewhere), `garbage` a
 * token that is not one.
 */
type Auth = 'owner' | 'other' | 'wrong' | 'none' | 'garbage';
type Input = {
  auth: Auth;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: { json: unknown } | { raw: string; contentType: string };
  /** Only the hand-written examples send cookies (the refresh session). */
  cookie?: string;
};

// The description is generated (no database needed) when the file is collected, so each
// operation is its own test; the committed copy is checked against it in openapi-document.test.ts.
const doc: OpenApiDocument = await generateOpenApiDocument();
const resolve = resolverFor(doc.components as { schemas?: Record<string, JsonSchema> });
/** Each status and code of the description's error catalogue (docs/decisions/111). */
const CATALOGUED = new Set((doc['x-error-codes'] as { code: string; status: number }[]).map((e) => `${e.status} ${e.code}`));

const operations: Operation[] = Object.entries(doc.paths)
  .flatMap(([path, item]) =>
    Object.entries(item).map(([method, raw]) => {
      const op = raw as {
        tags?: string[];
        security?: unknown[];
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Operation['responses'];
      };
      const tags = op.tags ?? [];
      return {
        key: `${method} ${path}`,
        method,
        path,
        tags,
        secured: (op.security?.length ?? 0) > 0,
        admin: tags.includes('admin'),
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        responses: op.responses ?? {},
      };
    }),
  )
  .sort((a, b) => Number(DESTRUCTIVE.has(a.key) || a.method === 'delete') - Number(DESTRUCTIVE.has(b.key) || b.method === 'delete'));

// Response schemas are compiled against the description's components.
const DOC_ID = 'https://uplift.invalid/openapi.json';
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema({ $id: DOC_ID, components: doc.components });
const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    const absolute = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`)) as object;
    validate = ajv.compile(absolute);
    validators.set(key, validate);
  }
  return validate;
}

let ctx: TestContext;
let requests = 0;
/** Answers per status class, and per operation, for the report. */
const tally = new Map<string, number>();
const perOperation = new Map<string, Map<number, number>>();
const tokens = { pending: '', confirmed: '', admin: '' };
const examples = new Map<string, Partial<Input>[]>();

async function api(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`seeding: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json<Record<string, unknown>>();
}

/** A test card confirmed with the test provider and saved: its row id and provider id. */
async function saveCard(token: string) {
  const { client_secret } = await api('GET', '/api/payment_method/secret', token);
  const confirmed = await api('POST', '/api/test-provider/setup/confirm', token, {
    client_secret,
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
  });
  const saved = await api('POST', '/api/payment_method', token, { method_name: 'card', is_enabled: true, stripe_payment_method_id: confirmed.payment_method });
  return { id: saved.id as number, providerId: confirmed.payment_method as string };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const seeded = await seedOpenCampaign(ctx.db, ctx.clock.now());
  const password = 'a long and memorable passphrase';
  const [pending, confirmed, admin] = [
    await insertUser(ctx, { role: 'user', password_hash: await hashPassword(password) }),
    await insertUser(ctx, { role: 'user' }),
    await insertUser(ctx, { role: 'admin' }),
  ];
  tokens.pending = await ctx.app.signAccessToken({ id: pending.id, role: 'user' });
  tokens.confirmed = await ctx.app.signAccessToken({ id: confirmed.id, role: 'user' });
  tokens.admin = (await signInAdmin(ctx, admin)).access_token;

  // One donor with a Pending pledge and a saved card; another whose pledge is Confirmed.
  const pledge = await api('POST', '/api/pledge', tokens.pending, seeded.pledge);
  const card = await saveCard(tokens.pending);
  const { client_secret: freshSecret } = await api('GET', '/api/payment_method/secret', tokens.pending);
  await api('POST', '/api/pledge', tokens.confirmed, seeded.pledge);
  const otherCard = await saveCard(tokens.confirmed);
  await api('PUT', '/api/pledge/confirmed', tokens.confirmed, { payment_method_id: String(otherCard.id) });
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: pending.email, password } });
  const session = `uplift_refresh=${refreshCookieOf(login)?.value}`;

  const campaignBody = {
    campaign_name: 'January Fuzzed Challenge',
    start_date: '2027-01-01',
    end_date: '2027-01-31',
    billing_start_date: '2027-01-04',
    country: 'UK',
    billing_cycle: 'Weekly',
    is_active: false,
  };
  // Inputs the generators would rarely hit, run first: the happy paths of the main operations.
  const add = (key: string, ...inputs: Partial<Input>[]) => examples.set(key, inputs);
  add('post /api/auth/login', { auth: 'none', body: { json: { email: pending.email, password } } });
  add('post /api/auth/refresh', { auth: 'none', cookie: session });
  add('post /api/auth/logout', { auth: 'none', cookie: session });
  add('post /api/auth/register', { auth: 'none', body: { json: registration(seeded.pledge) } });
  add('post /api/campaign', { body: { json: campaignBody } });
  const { campaign } = seeded;
  const sameCampaign = { ...campaignBody, ...pick(campaign, ['campaign_name', 'start_date', 'end_date', 'billing_start_date', 'country', 'billing_cycle', 'is_active']) };
  add('put /api/campaign/{id}', { path: { id: campaign.id }, body: { json: sameCampaign } });
  add('get /api/campaign/{id}', { auth: 'none', path: { id: seeded.campaign.id } });
  add('get /api/admin/exports/charity', { query: { recipient_id: seeded.pledge.recipient_id, campaign_id: seeded.campaign.id } });
  add('post /api/pledge', { body: { json: seeded.pledge } });
  add('put /api/pledge/pending', { body: { json: seeded.pledge } });
  add('get /api/pledge/{id}', { path: { id: pledge.id } });
  add('post /api/payment_method', { body: { json: { method_name: 'card', is_enabled: true, stripe_payment_method_id: card.providerId } } });
  add('get /api/payment_method/{id}', { path: { id: card.id } });
  add('post /api/test-provider/setup/confirm', {
    body: { json: { client_secret: freshSecret, number: '5555555555554444', exp_month: 1, exp_year: 2031, cvc: '321' } },
  });
  add('put /api/pledge/confirmed', { body: { json: { payment_method_id: String(card.id) } } });
  add('put /api/pledge/cancel', { auth: 'other' });
  // Match funds (docs/decisions/160): one made here, so its edit and its CSV name a match that is there.
  const matchBody = { sponsor_name: 'Fuzz Co', ratio: 2, cap_minor: 50_000, starts_at: '2026-11-01T00:00:00Z', ends_at: '2027-01-31T00:00:00Z', applies_to: 'both' };
  const match = await api('POST', `/api/admin/campaigns/${campaign.id}/matches`, tokens.admin, matchBody);
  add('post /api/admin/campaigns/{id}/matches', { path: { id: campaign.id }, body: { json: { ...matchBody, recipient_id: seeded.pledge.recipient_id } } });
  add('get /api/admin/campaigns/{id}/matches', { path: { id: campaign.id } });
  add('patch /api/admin/matches/{id}', { path: { id: match.id }, body: { json: { cap_minor: 60_000, status: 'paused' } } });
  add('get /api/admin/matches/{id}/matched.csv', { path: { id: match.id } });
});

afterAll(async () => {
  const classes = [...tally].sort().map(([group, n]) => `${group} ${n}`).join(', ');
  const lines = [`contract fuzz: ${requests} requests to ${operations.length} operations (${classes}); FUZZ_SEED=${SEED}`];
  if (process.env.FUZZ_VERBOSE) {
    for (const [key, statuses] of perOperation) {
      lines.push(`  ${key}: ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ')}`);
    }
  }
  // eslint-disable-next-line no-console -- the count of requests is part of the test's report
  console.info(lines.join('\n'));
  await ctx?.close();
});

const weighted = (choices: [Auth, number][]) => fc.oneof(...choices.map(([auth, weight]) => ({ arbitrary: fc.constant(auth), weight })));

function authArbitrary(op: Operation): fc.Arbitrary<Auth> {
  return op.secured
    ? weighted([['owner', 5], ['other', 2], ['wrong', 1], ['none', 1], ['garbage', 1]])
    : weighted([['none', 4], ['other', 1], ['garbage', 1]]);
}

function paramsArbitrary(op: Operation, where: string): fc.Arbitrary<Record<string, unknown>> {
  const params = op.parameters.filter((p) => p.in === where);
  const model = Object.fromEntries(params.map((p) => [p.name, validValue(p.schema, resolve, p.name)]));
  return fc.record(model, { requiredKeys: params.filter((p) => p.required || where === 'path').map((p) => p.name) });
}

function validInput(op: Operation): fc.Arbitrary<Input> {
  return fc.record({
    auth: authArbitrary(op),
    path: paramsArbitrary(op, 'path'),
    query: paramsArbitrary(op, 'query'),
    headers: paramsArbitrary(op, 'header'),
    body: op.body ? validValue(op.body, resolve).map((json) => ({ json })) : fc.constant(undefined),
  });
}

const BAD_PATH_SEGMENTS = ['abc', '-1', '0', '1.5', '1e3', '99999999999999999999', '%00', ' ', 'null', 'x'.repeat(300), 'NZ%2F..'];
const MALFORMED = fc.constantFrom('{"unterminated": ', 'not json', '[1, 2', '{"a":1}}', '\u0000');

function invalidInput(op: Operation): fc.Arbitrary<Input> {
  const mutations: fc.Arbitrary<Partial<Input>>[] = [
    MALFORMED.map((raw) => ({ body: { raw, contentType: 'application/json' } })),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded').map((contentType) => ({ body: { raw: 'a=1&b=2', contentType } })),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }).map((query) => ({ query })),
  ];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  if (pathParams.length > 0) {
    mutations.push(
      fc.record({ name: fc.constantFrom(...pathParams.map((p) => p.name)), bad: fc.constantFrom(...BAD_PATH_SEGMENTS) }).map(({ name, bad }) => ({ path: { [name]: bad } })),
    );
  }
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  if (queryParams.length > 0) {
    mutations.push(
      fc.constantFrom(...queryParams).chain((p) => invalidValue(p.schema, resolve).map((bad) => ({ query: { [p.name]: bad } }))),
      fc.constant({ query: {} }), // required ones left out
    );
  }
  if (op.body) {
    mutations.push(
      objectWithOneBadField(op.body, resolve).map((json) => ({ body: { json } })),
      invalidValue(op.body, resolve).map((json) => ({ body: { json } })),
    );
  } else if (op.method !== 'get' && op.method !== 'delete') {
    mutations.push(fc.jsonValue({ maxDepth: 2 }).map((json) => ({ body: { json } })));
  }
  return fc.tuple(validInput(op), fc.oneof(...mutations)).map(([base, mutation]) => ({
    ...base,
    ...mutation,
    path: { ...base.path, ...mutation.path },
    query: mutation.query && Object.keys(mutation.query).length === 0 ? {} : { ...base.query, ...mutation.query },
  }));
}

const pick = <T extends object, K extends keyof T>(o: T, keys: K[]) => Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
const asString = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function requestFor(op: Operation, input: Input, tokenOf: (auth: Auth) => string | undefined): InjectOptions {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = asString(input.path[name]);
    // A pre-encoded segment (e.g. '%00') is sent as it is; anything else is encoded.
    return /%[0-9A-F]{2}/i.test(value) ? value : encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) query.append(k, asString(item));
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers)) if (v !== undefined) headers[k] = asString(v);
  const token = tokenOf(input.auth);
  if (token) headers.authorization = `Bearer ${token}`;
  if (input.cookie) headers.cookie = input.cookie;
  const options: InjectOptions = { method: op.method.toUpperCase() as InjectOptions['method'], url: query.size > 0 ? `${url}?${query}` : url, headers };
  if (input.body && 'json' in input.body) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(input.body.json) ?? 'null';
  } else if (input.body) {
    headers['content-type'] = input.body.contentType;
    options.payload = input.body.raw;
  }
  return options;
}

/** What is wrong with an answer, or undefined when it keeps the contract. */
function breach(op: Operation, res: LightMyRequestResponse): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  const type = String(res.headers['content-type'] ?? '');
  const isJson = type.startsWith('application/json');
  let body: unknown;
  if (isJson) {
    try {
      body = JSON.parse(res.body);
    } catch {
      return `answered ${status} with content-type JSON but a body that is not JSON`;
    }
  }
  if (status >= 400) {
    if (!isJson || typeof (body as { message?: unknown })?.message !== 'string') return `answered ${status} without a JSON {message}`;
  }
  const declared = op.responses[String(status)];
  if (!declared) {
    const code = (body as { code?: unknown } | undefined)?.code;
    if (status >= 400 && typeof code === 'string' && FRAMEWORK_CODES.has(code)) return undefined;
    return `answered ${status}, a status the operation does not declare (declared: ${Object.keys(op.responses).join(', ')})`;
  }
  if (status >= 400) {
    const code = (body as { code?: unknown }).code;
    if (!CATALOGUED.has(`${status} ${String(code)}`)) return `answered ${status} with code ${String(code)}, which x-error-codes does not list with that status`;
  }
  const schema = declared.content?.['application/json']?.schema;
  if (!schema) return status >= 200 && status < 300 && res.body !== '' ? `answered ${status} with a body but declares none` : undefined;
  if (!isJson) {
    // A text answer (the CSV export) is described as a string.
    return resolve(schema).type === 'string' ? undefined : `answered ${status} as ${type || 'no content-type'}, not JSON`;
  }
  const validate = validatorFor(`${op.key} ${status}`, schema);
  if (!validate(body)) return `answered ${status} with a body that does not match its schema: ${ajv.errorsText(validate.errors)}`;
  return undefined;
}

const tokenOf = (op: Operation) => (auth: Auth) => {
  switch (auth) {
    case 'owner':
      return op.admin ? tokens.admin : tokens.pending;
    case 'other':
      return tokens.confirmed;
    case 'wrong':
      return op.admin ? tokens.pending : tokens.admin;
    case 'garbage':
      return 'not.a.token';
    default:
      return undefined;
  }
};

async function send(op: Operation, input: Input): Promise<LightMyRequestResponse> {
  requests += 1;
  const res = await ctx.app.inject(requestFor(op, input, tokenOf(op)));
  const group = `${String(res.statusCode).charAt(0)}xx`;
  tally.set(group, (tally.get(group) ?? 0) + 1);
  const statuses = perOperation.get(op.key) ?? new Map<number, number>();
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  perOperation.set(op.key, statuses);
  return res;
}

function describeFailure(op: Operation, input: Input, res: LightMyRequestResponse, problem: string) {
  const request = requestFor(op, input, tokenOf(op));
  return `${op.method.toUpperCase()} ${op.path} ${problem}\n  request: ${request.method} ${request.url} auth=${input.auth} body=${String(request.payload ?? '').slice(0, 300)}\n  answer: ${res.statusCode} ${res.body.slice(0, 500)}`;
}

describe(`contract fuzzing of the OpenAPI description (FUZZ_SEED=${SEED})`, () => {
  it('has operations to fuzz, and an oracle that catches a broken answer', () => {
    expect(operations.length).toBeGreaterThan(30);
    const op = operations.find((o) => o.key === 'get /api/campaign/{id}')!;
    const answer = (statusCode: number, body: string, type = 'application/json; charset=utf-8') =>
      ({ statusCode, body, headers: { 'content-type': type } }) as unknown as LightMyRequestResponse;
    expect(breach(op, answer(500, '{"message":"x","code":"internal"}'))).toMatch(/answered 500/);
    expect(breach(op, answer(404, 'Not found', 'text/plain'))).toMatch(/without a JSON \{message\}/);
    expect(breach(op, answer(418, '{"message":"x","code":"teapot"}'))).toMatch(/does not declare/);
    expect(breach(op, answer(200, '{"id":"one"}'))).toMatch(/does not match its schema/);
    expect(breach(op, answer(404, '{"message":"There is no campaign with id 9","code":"campaign.not_found"}'))).toBeUndefined();
    expect(breach(op, answer(404, '{"message":"x","code":"campaign.nowhere"}'))).toMatch(/x-error-codes does not list/);
  });

  operations.forEach((op, index) => {
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      const costly = COSTLY.has(op.key);
      const check = async (input: Input) => {
        const res = await send(op, input);
        const problem = breach(op, res);
        if (problem) throw new Error(describeFailure(op, input, res, problem));
      };

      if (op.secured) {
        // The description's security is what the route enforces: no token, no entry.
        const [sample] = fc.sample(validInput(op), { seed: SEED + index, numRuns: 1 });
        const res = await send(op, { ...sample!, auth: 'none' });
        expect(res.statusCode, `${op.key} without a token`).toBe(401);
      }

      const known = (examples.get(op.key) ?? []).map((e): [Input] => [{ auth: 'owner', path: {}, query: {}, headers: {}, ...e }]);
      await fc.assert(fc.asyncProperty(validInput(op), check), {
        seed: SEED + index,
        numRuns: costly ? COSTLY_RUNS : VALID_RUNS,
        examples: known,
        endOnFailure: true,
      });
      await fc.assert(fc.asyncProperty(invalidInput(op), check), {
        seed: SEED + 1000 + index,
        numRuns: costly ? COSTLY_RUNS * 2 : INVALID_RUNS,
        endOnFailure: true,
      });
    });
  });

  it('sent a bounded number of requests', () => {
    expect(requests).toBeGreaterThan(1000);
    // About 60 requests per operation, never more than 70: bounded per operation, so the run grows
    // with the description and not beyond it.
    expect(requests).toBeLessThan(operations.length * 70);
  });
});
