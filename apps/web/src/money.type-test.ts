// Type test, checked by `tsc -p apps/web` and never run or bundled (nothing imports it, and
// vitest includes only *.test.ts): the web app holds core to minor units (money-types.d.ts). Each
// `@ts-expect-error` marks a call the compiler must refuse; if it ever stopped refusing one, the
// directive itself would be unused and fail the typecheck.
import { pledgeTotalMinor, splitPayments } from '@uplift/core/calculator';
import { feePerChargeMinor } from '@uplift/core/fees';
import { impactCount } from '@uplift/core/impact';
import { asMinor, formatMoney, fromMinor, toMinor, type Minor } from '@uplift/core/money';

/** A decimal amount, as the API sends `confirmed_amount` or `impact_cost`. */
declare const decimal: number;

// @ts-expect-error a decimal is not minor units: 12.5 would show as $0.13
formatMoney(decimal, 'NZ');
formatMoney(toMinor(decimal), 'NZ');

// @ts-expect-error only minor units go back to a decimal
fromMinor(decimal);
fromMinor(toMinor(decimal));

// @ts-expect-error the cost of a unit must be minor units
pledgeTotalMinor({ numberOfUnits: 5, costPerUnitMinor: decimal, period: 'weekly', remainingWeeks: 4 });
pledgeTotalMinor({ numberOfUnits: 5, costPerUnitMinor: toMinor(decimal), period: 'weekly', remainingWeeks: 4 });

// @ts-expect-error so must a total
splitPayments(decimal, 4);
// @ts-expect-error and a charge
feePerChargeMinor(decimal, 'UK');
// @ts-expect-error and an impact cost
impactCount({ totalMinor: asMinor(7000), impactCostMinor: decimal });

// Arithmetic leaves the type: a sum of minor units is a plain number until core says otherwise.
declare const a: Minor;
// @ts-expect-error a + a is a number, not Minor (use sumMinor)
const doubled: Minor = a + a;
void doubled;
