import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository explains itself (docs/decisions/110): code cites docs/product-rules.md and
// docs/decisions/, never a document outside the repository or an issue number; every decision
// record is in the index; the README stays short enough to read.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', '.artifacts', 'test-results', 'playwright-report', '.data']);
const TEXT = /\.(ts|tsx|js|mjs|css|html)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : TEXT.test(e.name) ? [full] : [];
  });
}

/** Citations of documents that are not in the repository, or of issue numbers (spelt in parts here, so this file does not cite them). */
const OUTSIDE = new RegExp(['\\bS' + 'PEC\\b', 'DECI' + 'SIONS', 'ARCHI' + 'TECTURE', '\\b[Ii]ssues? #?\\d+'].join('|'));

describe('the repository explains itself', () => {
  it('cites no document outside the repository and no issue number in source files', () => {
    const files = SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(300);
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('lists every decision record in docs/decisions/README.md', () => {
    const dir = path.join(ROOT, 'docs/decisions');
    const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const records = readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f));
    expect(records.length).toBeGreaterThan(50);
    expect(records.filter((f) => !index.includes(`(${f})`))).toEqual([]);
  });

  it('has the architecture map and a README of at most 150 lines', () => {
    expect(existsSync(path.join(ROOT, 'docs/architecture.md'))).toBe(true);
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });
});
