import { commuteDistance, commuteMeasure } from '@uplift/core/calculator';
import type { CountryCode } from '@uplift/core/countries';
import { toNearestMinor } from '@uplift/core/money';
import { MSG } from '@uplift/core/messages';
import type { Pledge, PledgeFigures } from '../api/types';
import { EMPTY_CALCULATOR, EMPTY_STATE, LAST_STEP, STEP_NAMES, type CalculatorInput, type WizardState } from './wizard-state';

// The wizard's flow (product-rules §2 "Pledge wizard", §4 "Wizard gating") as pure functions: the gating
// rules, the reducer for what the donor does, and the selectors the screen reads. The step
// itself lives in the URL (?step=n) so the browser's back button walks the steps.

export const REGISTER_TO_FINISH = 'Please register above, activate your account from the email we send you, then log in to finish your pledge.';

export const PLEDGE_EXISTS_MESSAGE = 'You have already pledged in this campaign. See your pledge on View my Pledge.';

export type GateInput = {
  hasCampaign: boolean;
  hasChallenge: boolean;
  /** The calculator's blocking message, or null when the total is valid. */
  calculatorError: string | null;
  hasRecipient: boolean;
  loggedIn: boolean;
};

/** Why the donor cannot leave `step` forwards, or null when they can. */
export function gateMessage(step: number, input: GateInput): string | null {
  switch (step) {
    case 0:
      return input.hasCampaign ? null : MSG.campaignRequired;
    case 1:
      return input.hasChallenge ? null : MSG.challengeRequired;
    case 2:
      return input.calculatorError;
    case 3:
      return input.hasRecipient ? null : MSG.recipientRequired;
    default:
      // Finishing needs an account: a visitor sees the registration form instead (product-rules §2).
      return input.loggedIn ? null : REGISTER_TO_FINISH;
  }
}

/** The furthest step the choices reach: the first step that cannot be left yet. */
export function furthestAllowedStep(input: GateInput): number {
  for (let step = 0; step < LAST_STEP; step += 1) {
    if (gateMessage(step, input) !== null) return step;
  }
  return LAST_STEP;
}

/**
 * The furthest step the donor may be on. Signed in, the last step is the payment of the Pending
 * pledge that Next on step 4 creates, so it needs one; with one, the donor may always pay it.
 */
export function allowedStep(input: GateInput, hasPendingPledge: boolean): number {
  if (input.loggedIn && hasPendingPledge) return LAST_STEP;
  return Math.min(furthestAllowedStep(input), input.loggedIn ? LAST_STEP - 1 : LAST_STEP);
}

/** The step shown: the URL's, unless the choices do not allow it yet (a typed URL, stale storage). */
export function shownStep(input: { urlStep: number; allowed: number; ready: boolean; leaving: boolean }): number {
  return input.ready && !input.leaving ? Math.min(input.urlStep, input.allowed) : input.urlStep;
}

/** The furthest a visitor arriving from the landing page's Join is taken: the calculator, the first step with figures to type. */
export const CARRIED_STEP_LIMIT = 2;

/** Where a donor arriving signed in goes: straight to the last step with a Pending pledge (product-rules §2). */
export function landingStep(hasPendingPledge: boolean): number | null {
  return hasPendingPledge ? LAST_STEP : null;
}

/** What Next does on `step`. Leaving step 4 signed in first saves the Pending pledge (product-rules §4). */
export type NextMove = { kind: 'blocked'; message: string } | { kind: 'save-pledge' } | { kind: 'go'; step: number } | { kind: 'stay' };

export function nextMove(step: number, input: GateInput): NextMove {
  const message = gateMessage(step, input);
  if (message) return { kind: 'blocked', message };
  if (step >= LAST_STEP) return { kind: 'stay' }; // signed in, Finish submits the payment form
  if (step === LAST_STEP - 1 && input.loggedIn) return { kind: 'save-pledge' };
  return { kind: 'go', step: step + 1 };
}

/** The next button is labelled with the next step's name, and 'Finish' on the last (product-rules §2). */
export function nextLabel(step: number): string {
  return step >= LAST_STEP ? 'Finish' : STEP_NAMES[step + 1]!;
}

/** Back is hidden on the first step (product-rules §2). */
export function showsBack(step: number): boolean {
  return step > 0;
}

export function samePledge(pledge: Pledge, figures: PledgeFigures): boolean {
  return (
    pledge.campaign_id === figures.campaign_id &&
    pledge.challenge_id === figures.challenge_id &&
    pledge.recipient_id === figures.recipient_id &&
    pledge.number_of_units === figures.number_of_units &&
    Number.isFinite(figures.cost_per_unit) &&
    toNearestMinor(pledge.cost_per_unit) === toNearestMinor(figures.cost_per_unit) &&
    pledge.period === figures.period
  );
}

/**
 * The wizard's choices rebuilt from a Pending pledge (after login the browser may know nothing).
 * Both calculators are filled: a commute's stored cost of one trip reads as a distance in the
 * campaign country's unit (km or miles) at its standard rate, with no parking; left empty when
 * that country is not known (the campaign is no longer offered).
 */
export function choicesFromPledge(pledge: Pledge, country: CountryCode | undefined): WizardState {
  return {
    campaignId: pledge.campaign_id,
    challengeId: pledge.challenge_id,
    recipientId: pledge.recipient_id,
    calculator: {
      ...EMPTY_CALCULATOR,
      frequency: String(pledge.number_of_units),
      cost: String(pledge.cost_per_unit),
      period: pledge.period,
      trips: String(pledge.number_of_units),
      distance: country ? String(commuteDistance(toNearestMinor(pledge.cost_per_unit), commuteMeasure(country).costPerUnit)) : '',
      noParking: true,
    },
  };
}

export type WizardFlowState = {
  choices: WizardState;
  /** A gate message belongs to the step it was raised on, so moving on or back hides it. */
  gate: { step: number; message: string } | null;
  /** The calculator shows its errors once edited, or once Next was refused on it. */
  calculatorTouched: boolean;
  /** The arrival decision (a Pending pledge fills in the choices) is taken once. */
  arrived: boolean;
  /** What the landing page's Join carried in (its country and challenge) was applied, once. */
  carriedApplied: boolean;
  /** Saving the Pending pledge on the way from step 4 to 5. */
  saving: boolean;
  /** The payment form is confirming the pledge. */
  paying: boolean;
  /** Paid: the wizard is on its way out and must not touch the URL again. */
  leaving: boolean;
};

export type WizardFlowAction =
  | { type: 'campaign-selected'; campaignId: number; countryChanged: boolean }
  | { type: 'challenge-selected'; challengeId: number }
  | { type: 'recipient-selected'; recipientId: number }
  | { type: 'calculator-changed'; calculator: CalculatorInput }
  | { type: 'blocked'; step: number; message: string }
  | { type: 'went-back' }
  | { type: 'arrived'; pendingPledge: Pledge | null; figures: PledgeFigures | null; pendingCountry?: CountryCode }
  | { type: 'carried'; campaignId: number | null; challengeId: number | null; countryChanged: boolean }
  | { type: 'saving-started' }
  | { type: 'saving-finished' }
  | { type: 'paying-changed'; paying: boolean }
  | { type: 'pledge-deleted' }
  | { type: 'paid' };

export function initialFlowState(choices: WizardState = EMPTY_STATE): WizardFlowState {
  return { choices, gate: null, calculatorTouched: false, arrived: false, carriedApplied: false, saving: false, paying: false, leaving: false };
}

export function wizardReducer(state: WizardFlowState, action: WizardFlowAction): WizardFlowState {
  switch (action.type) {
    case 'campaign-selected':
      return {
        ...state,
        gate: null,
        // Another country means other challenges and charities: those choices start again.
        choices: action.countryChanged
          ? { ...state.choices, campaignId: action.campaignId, challengeId: null, recipientId: null }
          : { ...state.choices, campaignId: action.campaignId },
      };
    case 'challenge-selected':
      return { ...state, gate: null, choices: { ...state.choices, challengeId: action.challengeId } };
    case 'recipient-selected':
      return { ...state, gate: null, choices: { ...state.choices, recipientId: action.recipientId } };
    case 'calculator-changed':
      return { ...state, gate: null, calculatorTouched: true, choices: { ...state.choices, calculator: action.calculator } };
    case 'blocked':
      return {
        ...state,
        saving: false,
        gate: { step: action.step, message: action.message },
        calculatorTouched: state.calculatorTouched || action.step === 2,
      };
    case 'went-back':
      // Back resets the gating flags (product-rules §4); the choices stay.
      return { ...state, gate: null, calculatorTouched: false };
    case 'arrived': {
      if (state.arrived) return state;
      const { pendingPledge, figures, pendingCountry } = action;
      const replace = pendingPledge !== null && !(figures && samePledge(pendingPledge, figures));
      return { ...state, arrived: true, choices: replace ? choicesFromPledge(pendingPledge, pendingCountry) : state.choices };
    }
    case 'carried': {
      // The landing page's country picks its campaign; its challenge, when the visitor picked one
      // there, replaces the one remembered. Another country clears that country's other choices.
      if (action.campaignId === null) return { ...state, carriedApplied: true };
      const keep = !action.countryChanged;
      return {
        ...state,
        carriedApplied: true,
        choices: {
          ...state.choices,
          campaignId: action.campaignId,
          challengeId: action.challengeId ?? (keep ? state.choices.challengeId : null),
          recipientId: keep ? state.choices.recipientId : null,
        },
      };
    }
    case 'saving-started':
      return { ...state, saving: true, gate: null };
    case 'saving-finished':
      return { ...state, saving: false };
    case 'paying-changed':
      return state.paying === action.paying ? state : { ...state, paying: action.paying };
    case 'pledge-deleted':
      // Deleting the Pending pledge resets the wizard to its first step with nothing chosen (product-rules §4).
      return { ...initialFlowState(EMPTY_STATE), arrived: true, carriedApplied: true };
    case 'paid':
      return { ...state, leaving: true, paying: false };
  }
}

/** The gate message to show on `step`, if it was raised there. */
export function shownGateMessage(state: WizardFlowState, step: number): string | null {
  return state.gate?.step === step ? state.gate.message : null;
}
