import { MSG } from '@uplift/core/messages';

/** A failure the user can act on: a stable code, an HTTP status and a message safe to show. */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// Every answer the API's own code gives is an entry of one error list (docs/decisions/111): each
// module's in its `<module>.errors.ts`, the framework-level ones below. A throw site names an
// entry, never a code, so the lists are complete and the OpenAPI description can print them all.

/** One entry of an error list: a stable code, an HTTP status and the message users see. */
export type ErrorSpec = { readonly code: string; readonly status: number; readonly message: string };

/** The names of a message's `{placeholders}`. */
type Placeholders<M extends string> = M extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;
type PlaceholderValues = Record<string, string | number>;
/** A written message asks for exactly its placeholders; one built at run time (from core) is not checked. */
type FactoryArgs<M extends string> = string extends M
  ? [values?: PlaceholderValues]
  : [Placeholders<M>] extends [never]
    ? []
    : [values: Record<Placeholders<M>, string | number>];

/** Makes the entry's error; it also carries the entry, so a test or a plugin can read its code. */
export type ErrorFactory<S extends ErrorSpec> = ((...values: FactoryArgs<S['message']>) => DomainError) & Readonly<S>;
export type ErrorList<T extends Record<string, ErrorSpec>> = { readonly [K in keyof T]: ErrorFactory<T[K]> };

/** An entry as the catalogue prints it. */
export type CatalogueEntry = { code: string; status: number; message: string };

const lists = new Map<string, CatalogueEntry[]>();

/** `{name}` becomes the value of `name`; a placeholder without a value stays as written. */
function fill(template: string, values: PlaceholderValues | undefined): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/**
 * Declares a module's error list (`list`: the module's folder name) and records it in the
 * registry the catalogue is read from. Returns one factory per entry:
 * `campaignErrors.notFound({ id })` is a DomainError with the entry's code, status and message.
 */
export function defineErrors<const T extends Record<string, ErrorSpec>>(list: string, specs: T): ErrorList<T> {
  if (lists.has(list)) throw new Error(`The error list "${list}" is defined twice`);
  lists.set(
    list,
    Object.values(specs).map(({ code, status, message }) => ({ code, status, message })),
  );
  const factories = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => {
      const make = (values?: PlaceholderValues) => new DomainError(spec.code, spec.status, fill(spec.message, values));
      return [name, Object.assign(make, { code: spec.code, status: spec.status, message: spec.message })];
    }),
  );
  return factories as unknown as ErrorList<T>;
}

/** Every list defined so far, by name (the modules' lists are defined when their files load). */
export function errorLists(): ReadonlyMap<string, readonly CatalogueEntry[]> {
  return lists;
}

/** Every entry of every list, sorted by code, then status, then message: the description's `x-error-codes`. */
export function errorCatalogue(): CatalogueEntry[] {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...lists.values()]
    .flat()
    .map((e) => ({ ...e }))
    .sort((a, b) => compare(a.code, b.code) || a.status - b.status || compare(a.message, b.message));
}

/**
 * The framework's answers and the ones several modules share: the session and role guards, the
 * error handler, the router's refusals, the not-found fallback. `auth.unauthorized` and
 * `auth.forbidden` are shared words: a module may answer them with its own message, in its list.
 */
export const httpErrors = defineErrors('http', {
  unauthorized: { code: 'auth.unauthorized', status: 401, message: 'Please log in to continue' },
  sessionExpired: { code: 'auth.unauthorized', status: 401, message: 'Your session has expired. Please log in again.' },
  forbidden: { code: 'auth.forbidden', status: 403, message: 'You do not have permission to do that' },
  /** Any route but the second-factor steps asked of an admin short of the second factor: the web goes to that step (docs/decisions/077, 123). */
  twoFactorEnrolmentRequired: { code: 'auth.two_factor_enrolment_required', status: 403, message: 'Please set up two-factor sign-in to finish signing in.' },
  twoFactorRequired: { code: 'auth.two_factor_required', status: 403, message: 'Please enter the code from your authenticator app to finish signing in.' },
  /** A field refused by its schema or by a FieldError: the message is that field's. */
  validation: { code: 'validation', status: 400, message: '{fieldMessage}' },
  malformedJson: { code: 'request.malformed_json', status: 400, message: 'The request body is not valid JSON' },
  unsupportedMediaType: { code: 'request.unsupported_media_type', status: 415, message: 'Unsupported content type' },
  bodyTooLarge: { code: 'request.too_large', status: 413, message: 'The request body is too large' },
  badUrl: { code: 'request.bad_url', status: 400, message: 'The address is not valid' },
  urlTooLong: { code: 'request.url_too_long', status: 414, message: 'The address is too long' },
  /** A per-IP limit of @fastify/rate-limit (docs/decisions/012). */
  rateLimited: { code: 'rate_limited', status: 429, message: MSG.tooManyRequests },
  /** What a refused dev outbox answers: as if nothing were there. */
  notFound: { code: 'not_found', status: 404, message: 'Not found' },
  routeNotFound: { code: 'not_found', status: 404, message: 'Not found: {method} {url}' },
  internal: { code: 'internal', status: 500, message: 'Something went wrong on our side. Please try again.' },
  /** The database cannot be reached or went away (docs/decisions/153): the person is asked to try again shortly. */
  unavailable: { code: 'unavailable', status: 503, message: 'Uplift is briefly unavailable. Please try again in a minute.' },
});

/** A request that passed its schema but one field is still refused (400 `validation`, with the field). */
export class FieldError extends DomainError {
  readonly field: string;
  constructor(field: string, message: string) {
    super(httpErrors.validation.code, httpErrors.validation.status, message);
    this.field = field;
  }
}

// Refusals of a signed-in person's look at another person's record (an id that exists).
const foreignRecordRefusals = new WeakSet<object>();

/**
 * Marks the "not found" answer given for a record that exists but is someone else's: the answer
 * stays the same (no one learns the record exists), and the refusal is logged as the security
 * event `security.access_refused` (docs/security.md).
 */
export function refusedForeignRecord<E extends Error>(error: E): E {
  foreignRecordRefusals.add(error);
  return error;
}

export const isForeignRecordRefusal = (error: unknown): boolean => typeof error === 'object' && error !== null && foreignRecordRefusals.has(error);
