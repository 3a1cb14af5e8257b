// fast-check arbitraries from the JSON Schemas of an OpenAPI 3.1 description: values a schema
// accepts ("valid") and values crafted to break it ("invalid"), for the contract fuzz test.
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
};

type Resolve = (schema: JsonSchema) => JsonSchema;

/** Follows `#/components/schemas/X` references within one document. */
export function resolverFor(components: { schemas?: Record<string, JsonSchema> } | undefined): Resolve {
  return (schema) => {
    let s = schema;
    for (let depth = 0; s.$ref && depth < 20; depth += 1) {
      const name = s.$ref.replace(/^#\/components\/schemas\//, '');
      const target = components?.schemas?.[name];
      if (!target) throw new Error(`unresolved $ref ${s.$ref}`);
      s = target;
    }
    return s;
  };
}

const SMALL_ID_MAX = 12;
const INT32_MAX = 2 ** 31 - 1;

/** Dates around the tests' fixed "today" (November 2026), so campaign windows are plausible. */
const isoDate = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : undefined);
  const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : undefined);
  const min = Math.max(lo ?? -INT32_MAX, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(hi ?? INT32_MAX, Number.MAX_SAFE_INTEGER);
  const clampInt = (a: number, b: number) => fc.integer({ min: Math.max(Math.ceil(a), -INT32_MAX - 1), max: Math.min(Math.floor(b), INT32_MAX) });
  const wide = min <= max ? clampInt(min, max) : fc.constant(min);
  // Ids of seeded rows are small: lean towards small positive numbers so lookups hit real rows
  // (a range above them, such as a gift's amount from 1000, has none: it leans on its own range).
  const small = Math.max(min, 1) <= Math.min(max, SMALL_ID_MAX) ? clampInt(Math.max(min, 1), Math.min(max, SMALL_ID_MAX)) : wide;
  if (schema.multipleOf) {
    const step = schema.multipleOf;
    return fc.oneof(small, wide).map((n) => Math.round(Math.round(n / step) * step * 1e6) / 1e6);
  }
  if (integer || min > max) return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: wide, weight: 2 });
  // Decimal amounts: cents, as the forms send them.
  const cents = clampInt(Math.max(min, 0) * 100, Math.min(max, 100_000) * 100).map((c) => c / 100);
  return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: cents, weight: 2 }, { arbitrary: wide, weight: 1 });
}

function stringArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'date' || /_date$/.test(name)) return isoDate;
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uuid') return fc.uuid();
  // Plain addresses: the API's email check is stricter than RFC 5322 (fc.emailAddress()).
  if (schema.format === 'email' || /email/.test(name)) return fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,6})?@[a-z0-9]{1,10}\.(org|com|nz)$/).filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
  );
}

/** Values the schema accepts (as far as a JSON Schema can say: refinements may still refuse some). */
export function validValue(schema: JsonSchema, resolve: Resolve, name = ''): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validValue(a, resolve, name)));
  if (s.allOf?.length === 1) return validValue(s.allOf[0]!, resolve, name);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => validValue({ ...s, type }, resolve, name)));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'string':
      return stringArbitrary(s, name);
    case 'array':
      return fc.array(validValue(s.items ?? {}, resolve, name), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, (s.minItems ?? 0) + 5),
      });
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([key, sub]) => [key, validValue(sub, resolve, key)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of the wrong kind for a schema, or one just outside its limits. */
export function invalidValue(schema: JsonSchema, resolve: Resolve): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const wrongKind: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.constant('not-a-number'),
    fc.integer(),
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
    fc.constant(''),
    fc.string({ maxLength: 3000 }),
    fc.double(),
  ];
  const edges: fc.Arbitrary<unknown>[] = [];
  if (s.enum) edges.push(fc.constant('NOT_ONE_OF_THEM'), fc.constant(String(s.enum[0]).toLowerCase()));
  if (type === 'string') {
    if (s.maxLength !== undefined) edges.push(fc.constant('x'.repeat(s.maxLength + 1)));
    if (s.minLength) edges.push(fc.constant('x'.repeat(s.minLength - 1)));
    edges.push(fc.constant(' '), fc.constant('\u0000'), fc.constant('<script>alert(1)</script>'), fc.constant("'; drop table users; --"));
  }
  if (type === 'number' || type === 'integer') {
    if (s.minimum !== undefined) edges.push(fc.constant(s.minimum - 1));
    if (s.maximum !== undefined) edges.push(fc.constant(s.maximum + 1));
    edges.push(fc.constant(0), fc.constant(-1), fc.constant(1.5), fc.constant(2 ** 31), fc.constant(1e308), fc.constant('12abc'));
  }
  if (type === 'object' || s.properties) edges.push(fc.constant([]), fc.constant('{}'));
  return fc.oneof(...wrongKind, ...edges);
}

/** An object valid but for one field: wrong, out of range, or a required one left out. */
export function objectWithOneBadField(schema: JsonSchema, resolve: Resolve): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const keys = Object.keys(s.properties ?? {});
  if (s.type !== 'object' || keys.length === 0) return invalidValue(s, resolve);
  return fc.tuple(validValue(s, resolve), fc.constantFrom(...keys), fc.boolean()).chain(([value, key, drop]) => {
    const base = { ...(value as Record<string, unknown>) };
    if (drop && s.required?.includes(key)) {
      delete base[key];
      return fc.constant(base);
    }
    return invalidValue(s.properties![key]!, resolve).map((bad) => ({ ...base, [key]: bad }));
  });
}
