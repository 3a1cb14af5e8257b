import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { files, NOT_APP_CODE, tableIdentifiers } from './source-tables.test-support.ts';

// One owner per table (docs/architecture.md "One owner per table", docs/decisions/110): every write
// in the API's source, as Drizzle (`.insert(t)`, `.update(t)`, `.delete(t)`) or as SQL text
// (`insert into t`, `update t`, `delete from t`), is made by the table's owner. Reads may join any
// table. Tests, test support, benches, the seed and migrations write what they must to set up.

const SRC = path.resolve(import.meta.dirname, '..');

/** SQL table name → the module (or file) that alone may write it. */
const OWNERS: Record<string, string> = {
  users: 'auth',
  auth_tokens: 'auth',
  refresh_tokens: 'auth',
  session_devices: 'auth',
  admin_recovery_codes: 'auth',
  auth_attempts: 'auth',
  passkeys: 'auth',
  passkey_challenges: 'auth',
  email_changes: 'account',
  receipt_counters: 'account',
  consent_events: 'consents',
  campaigns: 'campaigns',
  testimonials: 'campaigns',
  campaign_photos: 'campaigns',
  challenges: 'challenges',
  campaign_challenges: 'challenges',
  campaign_recipients: 'challenges',
  recipients: 'charities',
  recipient_logos: 'charities',
  recipient_photos: 'charities',
  charity_exports: 'charities',
  pledges: 'pledges',
  payments: 'payments/ledger.repository.ts',
  payment_attempts: 'payments/ledger.repository.ts',
  refunds: 'payments/ledger-refunds.repository.ts',
  payment_methods: 'payments',
  card_setup_attempts: 'payments',
  webhook_events: 'payments',
  test_provider_setup_intents: 'payments',
  test_provider_payment_methods: 'payments',
  test_provider_charges: 'payments',
  test_provider_refunds: 'payments',
  test_provider_guest_charges: 'payments',
  card_expiry_notices: 'billing',
  mails: 'mail',
  admin_audit: 'audit',
  payouts: 'admin',
  news_updates: 'admin',
  rate_limit_counters: 'plugins/rate-limit-store.ts',
  backups: 'backups',
  billing_runs: 'billing',
  alerts_sent: 'system',
  challenge_pages: 'challenge-pages',
  teams: 'challenge-pages',
  fundraising_photos: 'challenge-pages',
  team_removals: 'challenge-pages',
  held_slugs: 'challenge-pages',
  page_updates: 'challenge-pages',
  gifts: 'gifts',
  gift_attempts: 'gifts',
  content_reports: 'moderation',
  // Match funds (docs/decisions/160): the ledger's; admins' edits and the match step both in payments.
  match_funds: 'payments',
  match_entries: 'payments/ledger-match.repository.ts',
  // A sponsor's logo, uploaded by an admin and served from our origin (docs/decisions/169).
  match_logos: 'payments',
};

/**
 * Column-level exceptions: the provider's customer id on a user is the payments module's; a
 * friend's gift is written by gifts while it is made and tried, and by the payments ledger once its
 * money arrived (its settlement and receipt number) and when it is refunded (docs/decisions/150).
 */
const ALSO_WRITES: Record<string, string[]> = {
  users: ['payments/customer.ts'],
  gifts: ['payments/ledger-gifts.repository.ts'],
  refunds: ['payments/ledger-gifts.repository.ts'],
};


type Write = { file: string; table: string; line: number };

function writes(): Write[] {
  const ids = tableIdentifiers();
  const found: Write[] = [];
  for (const abs of files(SRC).filter((f) => f.endsWith('.ts'))) {
    const file = path.relative(SRC, abs).split(path.sep).join('/');
    if (NOT_APP_CODE.test(file)) continue;
    const text = readFileSync(abs, 'utf8');
    const lineOf = (index: number) => text.slice(0, index).split('\n').length;
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = ids.get(m[1]!);
      if (table) found.push({ file, table, line: lineOf(m.index!) });
    }
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi)) {
      const table = m[1]!.toLowerCase();
      if (table in OWNERS) found.push({ file, table, line: lineOf(m.index!) });
    }
  }
  return found;
}

function mayWrite(file: string, table: string): boolean {
  const rel = file.replace(/^modules\//, '');
  const owner = OWNERS[table]!;
  const allowed = [owner, ...(ALSO_WRITES[table] ?? [])];
  return allowed.some((o) => (o.endsWith('.ts') ? rel === o || file === o : rel.startsWith(`${o}/`)));
}

describe('one owner per table', () => {
  const all = writes();

  it('finds the writes it checks (the scan is not empty)', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(all.some((w) => w.table === 'payments' && w.file === 'modules/payments/ledger.repository.ts')).toBe(true);
    expect(all.some((w) => w.table === 'payment_attempts')).toBe(true);
    expect(all.some((w) => w.table === 'pledges' && w.file === 'modules/pledges/pledges.repository.ts')).toBe(true);
    expect(all.some((w) => w.table === 'gifts' && w.file === 'modules/payments/ledger-gifts.repository.ts')).toBe(true);
  });

  it('has an owner for every table of the schema', () => {
    expect([...tableIdentifiers().values()].filter((t) => !(t in OWNERS))).toEqual([]);
  });

  it('sees every table written only by its owner', () => {
    const strays = all.filter((w) => !mayWrite(w.file, w.table)).map((w) => `${w.file}:${w.line} writes ${w.table} (owner: ${OWNERS[w.table]})`);
    expect(strays).toEqual([]);
  });
});
