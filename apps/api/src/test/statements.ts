// What the app really sends to PostgreSQL, for the tests that check query counts and plans
// instead of timing them (docs/decisions/103).
import { vi } from 'vitest';
import type { Db } from '../db/client.ts';

export type Statement = { text: string; values: unknown[] };

/** The statements the app sends through the pool (text and parameters) while `action` runs. */
export async function statementsDuring(db: Db, action: () => Promise<unknown>): Promise<Statement[]> {
  const spy = vi.spyOn(db.$client, 'query');
  try {
    await action();
    // pg takes (text, values) or ({ text, values }) or ({ text }, values).
    return spy.mock.calls.map(([first, second]) => {
      const config = typeof first === 'string' ? { text: first } : (first as { text: string; values?: unknown[] });
      return { text: config.text, values: config.values ?? (second as unknown[] | undefined) ?? [] };
    });
  } finally {
    spy.mockRestore();
  }
}

export type Scan = { node: string; relation: string; index?: string };

/** Every node of the statement's plan that reads a table or index, in plan order (EXPLAIN, not run). */
export async function planScans(db: Db, statement: Statement): Promise<Scan[]> {
  const { rows } = await db.$client.query(`explain (format json) ${statement.text}`, statement.values);
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
  const scans: Scan[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] || node['Index Name']) {
      scans.push({ node: node['Node Type'], relation: node['Relation Name'] ?? '', ...(node['Index Name'] ? { index: node['Index Name'] } : {}) });
    }
    node.Plans?.forEach(walk);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return scans;
}
