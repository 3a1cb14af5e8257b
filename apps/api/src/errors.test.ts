import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineErrors, DomainError, errorCatalogue, errorLists, httpErrors, type CatalogueEntry } from './errors.ts';
import { generateOpenApiDocument, OPENAPI_FILE } from './openapi/openapi-document.ts';

// The error lists (docs/decisions/111): every answer the API's own code fails with is an entry of
// one list, each list is in the registry, and the OpenAPI description prints the registry.

const SRC = import.meta.dirname;
const MODULES = path.join(SRC, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.(test|test-support|bench|type-test)\.ts$/.test(e.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const errorFiles = sourceFiles(MODULES).filter((f) => f.endsWith('.errors.ts'));
const key = (e: CatalogueEntry) => `${e.code} ${e.status} ${e.message}`;

describe('an error list', () => {
  it('makes a DomainError with the entry code, status and message, placeholders filled by name', () => {
    expect(httpErrors.unauthorized()).toBeInstanceOf(DomainError);
    expect(httpErrors.unauthorized()).toMatchObject({ code: 'auth.unauthorized', status: 401, message: 'Please log in to continue' });
    expect(httpErrors.routeNotFound({ method: 'GET', url: '/api/nothing' })).toMatchObject({ code: 'not_found', status: 404, message: 'Not found: GET /api/nothing' });
  });

  it('fills each placeholder once, never a value that looks like one', () => {
    expect(httpErrors.routeNotFound({ method: '{url}', url: '/x' }).message).toBe('Not found: {url} /x');
  });

  it('carries its entry, and is recorded once', () => {
    const { code, status, message } = httpErrors.routeNotFound;
    expect({ code, status, message }).toEqual({ code: 'not_found', status: 404, message: 'Not found: {method} {url}' });
    expect(() => defineErrors('http', {})).toThrow(/defined twice/);
  });
});

describe('the error catalogue', () => {
  let lists: Map<string, readonly CatalogueEntry[]>;
  beforeAll(async () => {
    for (const file of errorFiles) await import(file);
    lists = new Map(errorLists());
  });

  it("holds one list per module's <module>.errors.ts, named after it, and the framework's", () => {
    const modules = errorFiles.map((f) => {
      const [module, file] = relative(f).split('/').slice(1);
      expect(file, relative(f)).toBe(`${module}.errors.ts`);
      return module;
    });
    expect([...lists.keys()].sort()).toEqual(['http', ...modules].sort());
    expect(modules.length).toBeGreaterThanOrEqual(10);
  });

  it('gives each code one list (auth.unauthorized and auth.forbidden aside) and each answer one entry', () => {
    const owner = new Map<string, string>();
    const seen = new Set<string>();
    // Shared words: a module may answer them with its own message, in its own list.
    const shared = new Set<string>([httpErrors.unauthorized.code, httpErrors.forbidden.code]);
    for (const [name, entries] of lists) {
      for (const entry of entries) {
        expect(seen.has(key(entry)), `${key(entry)} is defined twice`).toBe(false);
        seen.add(key(entry));
        if (shared.has(entry.code)) continue;
        expect(owner.get(entry.code) ?? name, `${entry.code} is in the lists ${owner.get(entry.code)} and ${name}`).toBe(name);
        owner.set(entry.code, name);
      }
    }
  });

  it('has stable codes, failure statuses and messages whose only braces are named placeholders', () => {
    for (const entry of [...lists.values()].flat()) {
      expect(entry.code, key(entry)).toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
      expect(entry.status >= 400 && entry.status < 600, key(entry)).toBe(true);
      expect(entry.message.replace(/\{[A-Za-z]+\}/g, ''), key(entry)).not.toMatch(/[{}]/);
      expect(entry.message.trim(), key(entry)).not.toBe('');
    }
  });

  it('is printed in the OpenAPI description as x-error-codes, sorted by code, exactly the registry', async () => {
    const doc = await generateOpenApiDocument();
    const printed = doc['x-error-codes'] as CatalogueEntry[];
    const registry = [...lists.values()].flat();
    expect([...printed].map(key).sort()).toEqual(registry.map(key).sort());
    expect(printed.map((e) => e.code)).toEqual([...printed.map((e) => e.code)].sort());
    expect(errorCatalogue()).toEqual(printed);
    // The committed copy was written by a process that imported only the app (and
    // openapi-document.test.ts holds it to what the app generates): the app loads every list.
    const committed = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as { 'x-error-codes': CatalogueEntry[] };
    expect(committed['x-error-codes']).toEqual(printed);
  });
});

describe('throw sites', () => {
  const files = sourceFiles(SRC);
  const offending = (pattern: RegExp, except: (file: string) => boolean) =>
    files.filter((f) => !except(f) && pattern.test(readFileSync(f, 'utf8'))).map(relative);

  it('make DomainErrors only through an error list', () => {
    expect(offending(/new DomainError\(/, (f) => relative(f) === 'errors.ts')).toEqual([]);
    expect(offending(/\bdefineErrors\(/, (f) => relative(f) === 'errors.ts' || f.endsWith('.errors.ts'))).toEqual([]);
  });

  it('never send a code written in place, nor a field error with a message written in place', () => {
    expect(offending(/\.send\(\{[^)]*?\bcode:\s*['"`]/s, () => false)).toEqual([]);
    expect(offending(/new FieldError\([^,]+,\s*['"`]/, () => false)).toEqual([]);
  });
});
