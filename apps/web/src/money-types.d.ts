// The web app holds core to minor units strictly (docs/decisions/120-minor-units-type.md): where
// core's money functions take minor units, only a `Minor` made by core is accepted, so a decimal
// from the API (12.5) cannot be formatted or calculated with as if it were cents.
import '@uplift/core/money';

declare module '@uplift/core/money' {
  interface MinorUnitsPolicy {
    strict: true;
  }
}
