// The API holds core to minor units strictly, as the web app does (docs/decisions/120-minor-units-type.md):
// where core's money functions take minor units, only a `Minor` is accepted. The database's amount
// columns are typed `Minor` (db/schema), so an amount read from the database is one, and a decimal
// from a request becomes one only through core's toMinor.
import '@uplift/core/money';

declare module '@uplift/core/money' {
  interface MinorUnitsPolicy {
    strict: true;
  }
}
