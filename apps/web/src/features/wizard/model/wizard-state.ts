import type { Period } from '@uplift/core/calculator';

// What the donor has chosen so far. The step lives in the URL (?step=n, from 0) so the browser's
// back button walks the steps; the choices live in session storage so a reload keeps them.

export const STEP_NAMES = [
  'Choose campaign',
  'Choose challenges',
  'Calculate pledge amount',
  'Choose cause',
  'Payment and details',
] as const;
export const LAST_STEP = STEP_NAMES.length - 1;

export type CalculatorInput = {
  /** Units per period: text as typed (digits only count, product-rules §5). */
  frequency: string;
  /** Cost of one unit: text as typed. */
  cost: string;
  period: Period;
  /** Commutes: distance of one trip in the country's unit (NZ km, UK miles), trips a week, weekly parking, and the no-parking box. */
  distance: string;
  trips: string;
  parking: string;
  noParking: boolean;
};

export type WizardState = {
  campaignId: number | null;
  challengeId: number | null;
  recipientId: number | null;
  calculator: CalculatorInput;
};

export const EMPTY_CALCULATOR: CalculatorInput = {
  frequency: '',
  cost: '',
  period: 'weekly',
  distance: '',
  trips: '',
  parking: '',
  noParking: false,
};

export const EMPTY_STATE: WizardState = { campaignId: null, challengeId: null, recipientId: null, calculator: EMPTY_CALCULATOR };

const STORAGE_KEY = 'uplift.wizard';

const positiveId = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 32) : '');

/** Reads stored state defensively: anything odd becomes empty rather than breaking the page. */
export function parseWizardState(raw: string | null): WizardState {
  if (!raw) return EMPTY_STATE;
  try {
    const data = JSON.parse(raw) as Partial<Record<keyof WizardState, unknown>>;
    const calc = (data.calculator ?? {}) as Partial<Record<keyof CalculatorInput, unknown>>;
    return {
      campaignId: positiveId(data.campaignId),
      challengeId: positiveId(data.challengeId),
      recipientId: positiveId(data.recipientId),
      calculator: {
        frequency: text(calc.frequency),
        cost: text(calc.cost),
        period: calc.period === 'monthly' ? 'monthly' : 'weekly',
        distance: text(calc.distance),
        trips: text(calc.trips),
        parking: text(calc.parking),
        noParking: calc.noParking === true,
      },
    };
  } catch {
    return EMPTY_STATE;
  }
}

export function loadWizardState(): WizardState {
  try {
    return parseWizardState(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return EMPTY_STATE; // storage disabled: the wizard still works, it just forgets on reload
  }
}

export function saveWizardState(state: WizardState): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: nothing to do
  }
}

export function clearWizardState(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // ignore
  }
}

/** ?step=n as a step index, or 0 when missing or not a step. */
export function parseStep(value: string | null): number {
  if (value === null || !/^\d$/.test(value)) return 0;
  return Math.min(Number(value), LAST_STEP);
}
