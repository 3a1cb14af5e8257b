import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// What the table-owner and table-reader lint tests both scan: the API's source files, which of them
// are app code, and the tables of db/schema by their identifiers.

const SRC = path.resolve(import.meta.dirname, '..');

/** Every file below `dir`. */
export function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Tests, test support, benches, the seed, migrations and the schema set up what they must: not app code. */
export const NOT_APP_CODE = /(\.test\.ts|\.test-support\.ts|\.bench\.ts|\.type-test\.ts)$|^(db\/seed|db\/migrate|db\/schema|test\/|lint\/)/;

/** JS identifier of each table in db/schema → its SQL name. */
export function tableIdentifiers(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of files(path.join(SRC, 'db/schema'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) ids.set(m[1]!, m[2]!);
  }
  return ids;
}
