import { COMMUTE_EXAMPLE, commuteMeasure, commuteRateText, remainingWeeksWord, UNITS_EXAMPLES } from '@uplift/core/calculator';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { FEE_TEXT } from '@uplift/core/fees';
import { asMinor, formatMoney, type Minor } from '@uplift/core/money';
import { useId, type KeyboardEvent } from 'react';
import { CheckboxField, TextField } from '../../../components/field';
import { calculate, isCommuteChallenge } from '../model/calculation';
import type { CalculatorInput } from '../model/wizard-state';

type Props = {
  challenge: { name: string; unit: string; kind?: string; icon?: string };
  calculator: CalculatorInput;
  onChange: (next: CalculatorInput) => void;
  country: CountryCode;
  remainingWeeks: number;
  /** Show the blocking message (after the donor has typed, or tried to move on). */
  showErrors: boolean;
  /** Enter in the last field: move on, as the step's next button does. */
  onSubmit?: () => void;
};

/** Step 3: what the donor gives up, worked out into a pledge (product-rules §14). */
export function CalculatorStep({ challenge, calculator, onChange, country, remainingWeeks, showErrors, onSubmit }: Props) {
  const commute = isCommuteChallenge(challenge);
  const calc = calculate({ calculator, isCommute: commute, country, remainingWeeks, unit: challenge.unit });
  const { symbol } = COUNTRIES[country];
  const distanceUnits = commuteMeasure(country).units;
  // A figure that is not a number yet (a field being typed) shows as 0.
  const money = (minor: Minor) => formatMoney(Number.isFinite(minor) ? minor : asMinor(0), country);
  const set = (patch: Partial<CalculatorInput>) => onChange({ ...calculator, ...patch });
  const periodName = calculator.period === 'monthly' ? 'month' : 'week';
  const resultId = useId();
  // The landing page's example for this challenge, as the fields' placeholders: a hint of what to
  // type, never a figure the donor did not type (docs/decisions/156).
  const example = challenge.icon ? UNITS_EXAMPLES[challenge.icon] : undefined;
  const valid = calc.blockingError === null;
  const evenPayments = calc.payments.every((p) => p === calc.payments[0]);

  // Enter goes to the next field, and from the last one moves on (docs/decisions/124).
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement) || target.type === 'checkbox') return;
    event.preventDefault();
    const fields = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input:not([type="radio"]):not([type="checkbox"]):not(:disabled)')];
    const next = fields[fields.indexOf(target) + 1];
    if (next) next.focus();
    else onSubmit?.();
  }

  return (
    <div className="calculator">
      <div className="calculator-inputs" onKeyDown={onKeyDown}>
        {commute ? (
          <>
            <TextField
              label={`Distance of one trip (${distanceUnits})`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={String(COMMUTE_EXAMPLE.distance[country])}
              value={calculator.distance}
              error={calc.fieldErrors.distance}
              onChange={(e) => set({ distance: e.target.value.trim() })}
            />
            <TextField
              label="Trips per week"
              inputMode="numeric"
              autoComplete="off"
              hint="Whole trips, e.g. 10 for there and back on five days."
              placeholder={String(COMMUTE_EXAMPLE.tripsPerWeek)}
              value={calculator.trips}
              error={calc.fieldErrors.trips}
              onChange={(e) => set({ trips: e.target.value.trim() })}
            />
            <TextField
              label={`Parking per week (${symbol})`}
              inputMode="decimal"
              autoComplete="off"
              value={calculator.noParking ? '' : calculator.parking}
              disabled={calculator.noParking}
              error={calc.fieldErrors.parking}
              onChange={(e) => set({ parking: e.target.value.trim() })}
            />
            <CheckboxField label="I don't pay for parking" checked={calculator.noParking} onChange={(e) => set({ noParking: e.target.checked })} />
            <p className="field-hint">Driving is counted at {commuteRateText(country)}.</p>
          </>
        ) : (
          <>
            <fieldset className="period-toggle">
              <legend>How often do you buy {challenge.unit}?</legend>
              {(['weekly', 'monthly'] as const).map((period) => (
                <label key={period} className={calculator.period === period ? 'selected' : undefined}>
                  <input type="radio" name="period" value={period} checked={calculator.period === period} onChange={() => set({ period })} />
                  {period === 'weekly' ? 'Weekly' : 'Monthly'}
                </label>
              ))}
            </fieldset>
            <TextField
              label={`Number of ${challenge.unit} per ${periodName}`}
              inputMode="numeric"
              autoComplete="off"
              placeholder={example && example.period === calculator.period ? String(example.units) : undefined}
              value={calculator.frequency}
              error={calc.fieldErrors.frequency}
              onChange={(e) => set({ frequency: e.target.value.trim() })}
            />
            <TextField
              label={`Cost of each one (${symbol})`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={example?.cost}
              value={calculator.cost}
              error={calc.fieldErrors.cost}
              onChange={(e) => set({ cost: e.target.value.trim() })}
            />
          </>
        )}
      </div>

      <section className="calculator-result card" aria-labelledby={resultId} aria-live="polite">
        <h3 id={resultId}>Your pledge</h3>
        <p className="pledge-total" data-testid="pledge-total">
          {money(calc.totalMinor)}
        </p>
        {remainingWeeks > 0 && (
          <p>
            That is {money(calc.weeklyMinor)} a week for the {remainingWeeksWord(remainingWeeks)}{' '}
            {remainingWeeks === 1 ? 'week' : 'weeks'} of payments left in this campaign.
          </p>
        )}
        {valid && calc.payments.length > 0 && (
          <>
            <p>
              Paid in {remainingWeeksWord(calc.payments.length)} weekly {calc.payments.length === 1 ? 'payment' : 'payments'} of{' '}
              {evenPayments ? money(calc.payments[0]!) : `about ${money(calc.payments[0]!)}`}.
            </p>
            <p className="fee-note">
              Card fees ({FEE_TEXT[country]}) are about {money(calc.feePerChargeMinor)} of each payment. They come out of your pledge,
              not on top of it: the rest goes to your charity.
            </p>
          </>
        )}
        {showErrors && calc.totalError && (
          <p className="field-error" role="alert">
            {calc.totalError}
          </p>
        )}
      </section>
    </div>
  );
}
