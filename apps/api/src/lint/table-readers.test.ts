import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { files, NOT_APP_CODE, tableIdentifiers } from './source-tables.test-support.ts';

// Owners publish their read rules (docs/decisions/146-money-read-rules.md, docs/architecture.md
// "One owner per table"): the money tables are read only by their owners, which publish every
// figure ("given", "pledged", "fee cover", "owed", a page's raised, a donor's payments) for the
// rest to use (payments/figures.sql.ts). A read is SQL text `from <table>` / `join <table>`
// (also `from ${table}`), or Drizzle `.from(<table>)` / `.join(<table>, …)` / `.leftJoin(<table>, …)`.
// Tests, test support, benches, the seed and migrations read what they must.

const SRC = path.resolve(import.meta.dirname, '..');

/** The money tables → who may read them. */
const MONEY_TABLES = ['payments', 'payment_attempts', 'refunds', 'gifts', 'gift_attempts', 'match_entries'] as const;
const READERS = ['modules/payments/', 'modules/gifts/'];

/**
 * Exceptions, each to be named with its reason. None today: billing reads what it charges through
 * the ledger's functions and published SQL (payments/ledger-reads.repository.ts).
 */
const EXCEPTIONS: string[] = [];


type Read = { file: string; table: string; line: number };

/** Every read of a money table in one source file's text (`file` relative to apps/api/src). */
function moneyReadsIn(file: string, text: string, ids: Map<string, string>): Read[] {
  const found: Read[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const isMoney = (table: string | undefined): table is string => table !== undefined && (MONEY_TABLES as readonly string[]).includes(table);
  // SQL text: `from payments`, `join refunds r`, `from ${gifts}`.
  for (const m of text.matchAll(/\b(?:from|join)\s+(?:"?([a-z_]+)"?|\$\{\s*(\w+)\s*\})/gi)) {
    const table = m[1] ? m[1].toLowerCase() : ids.get(m[2]!);
    if (isMoney(table)) found.push({ file, table, line: lineOf(m.index) });
  }
  // Drizzle: `.from(payments)`, `.innerJoin(refunds, …)`, `.leftJoin(gifts, …)`, `.join(giftAttempts, …)`.
  for (const m of text.matchAll(/\.(?:from|(?:inner|left|right|full|cross)?[jJ]oin(?:Lateral)?)\(\s*(\w+)\s*[,)]/g)) {
    const table = ids.get(m[1]!);
    if (isMoney(table)) found.push({ file, table, line: lineOf(m.index) });
  }
  // Drizzle's relational queries: `db.query.payments.findMany(…)`.
  for (const m of text.matchAll(/\.query\.(\w+)\./g)) {
    const table = ids.get(m[1]!);
    if (isMoney(table)) found.push({ file, table, line: lineOf(m.index) });
  }
  return found;
}

function reads(): Read[] {
  const ids = tableIdentifiers();
  return files(SRC)
    .filter((f) => f.endsWith('.ts'))
    .map((abs) => ({ abs, file: path.relative(SRC, abs).split(path.sep).join('/') }))
    .filter(({ file }) => !NOT_APP_CODE.test(file))
    .flatMap(({ abs, file }) => moneyReadsIn(file, readFileSync(abs, 'utf8'), ids));
}

const mayRead = (file: string, allowed: string[]) => allowed.some((dir) => file.startsWith(dir));

describe('the money tables are read only by their owners (docs/decisions/146)', () => {
  const all = reads();
  const ids = tableIdentifiers();

  it('finds the reads it checks (the scan is not empty)', () => {
    expect(all.some((r) => r.file === 'modules/payments/figures.sql.ts' && r.table === 'refunds')).toBe(true);
    expect(all.some((r) => r.file === 'modules/payments/figures.sql.ts' && r.table === 'gifts')).toBe(true);
    expect(all.some((r) => r.file === 'modules/payments/ledger.repository.ts' && r.table === 'payments')).toBe(true);
    expect(all.some((r) => r.file.startsWith('modules/gifts/') && r.table === 'gift_attempts')).toBe(true);
    for (const table of MONEY_TABLES) expect([...ids.values()]).toContain(table);
  });

  it('sees every money table read only by payments, gifts, or the listed exception', () => {
    const strays = all.filter((r) => !mayRead(r.file, [...READERS, ...EXCEPTIONS])).map((r) => `${r.file}:${r.line} reads ${r.table}`);
    expect(strays).toEqual([]);
  });

  it('keeps every exception honest: each listed one still reads the money tables (drop it from the list when it no longer does)', () => {
    for (const exception of EXCEPTIONS) expect(all.some((r) => mayRead(r.file, [exception]))).toBe(true);
    expect(all.some((r) => r.file.startsWith('modules/billing/'))).toBe(false);
  });

  it('catches a stray read in every form it knows', () => {
    const probe = [
      "const a = sql`select sum(r.amount) from refunds r where r.status = 'succeeded'`;",
      'const b = sql`select 1 from pledges p join payments pay on pay.pledge_id = p.id`;',
      'const c = sql`select count(*) from ${giftAttempts}`;',
      'const d = await db.select().from(gifts);',
      'const e = await db.select().from(pledges).leftJoin(payments, eq(payments.pledge_id, pledges.id));',
      'const f = await db.select().from(pledges).innerJoin(paymentAttempts, eq(paymentAttempts.payment_id, pledges.id));',
      'const g = await db.query.refunds.findMany();',
      'const h = sql`SELECT 1 FROM "gifts" g`;',
    ].join('\n');
    const found = moneyReadsIn('modules/totals/probe.ts', probe, ids);
    expect(found.map((r) => `${r.line} ${r.table}`)).toEqual(['1 refunds', '2 payments', '3 gift_attempts', '8 gifts', '4 gifts', '5 payments', '6 payment_attempts', '7 refunds']);
    expect(found.filter((r) => !mayRead(r.file, [...READERS, ...EXCEPTIONS]))).toHaveLength(8);
    // Reading a published figure, or the owner's own tables, is not a read of a money table.
    const clean = [
      "import { pageRaised } from '../payments/index.ts';",
      'const a = sql`select * from pledges p cross join lateral (${pageRaised(\'p\')}) raised`;',
      'const b = await db.select().from(giftMessages).innerJoin(challengePages, eq(challengePages.id, giftMessages.page_id));',
      'const c = await db.select().from(paymentMethods);',
    ].join('\n');
    expect(moneyReadsIn('modules/totals/probe.ts', clean, ids)).toEqual([]);
  });
});
