import { describe, expect, it } from 'vitest';
import { PAYMENT_STEP } from '../../../lib/paths';
import type { PledgeFigures } from '../api/types';
import { calculate } from './calculation';
import {
  allowedStep,
  choicesFromPledge,
  furthestAllowedStep,
  gateMessage,
  initialFlowState,
  landingStep,
  nextLabel,
  nextMove,
  REGISTER_TO_FINISH,
  shownGateMessage,
  shownStep,
  showsBack,
  wizardReducer,
  type GateInput,
  type WizardFlowAction,
  type WizardFlowState,
} from './wizard-flow';
import { pendingPledge } from './wizard-test-kit';
import { EMPTY_CALCULATOR, EMPTY_STATE, LAST_STEP, type CalculatorInput } from './wizard-state';

const all: GateInput = { hasCampaign: true, hasChallenge: true, calculatorError: null, hasRecipient: true, loggedIn: true };
const visitor: GateInput = { ...all, loggedIn: false };

/** The calculator's blocking message for what was typed, four weeks left. */
const calculatorError = (calculator: Partial<CalculatorInput>, opts: { commute?: boolean; country?: 'NZ' | 'UK' } = {}) =>
  calculate({ calculator: { ...EMPTY_CALCULATOR, ...calculator }, isCommute: opts.commute ?? false, country: opts.country ?? 'NZ', remainingWeeks: 4 })
    .blockingError;

const run = (actions: WizardFlowAction[], from: WizardFlowState = initialFlowState()) => actions.reduce(wizardReducer, from);

describe('wizard gating (product-rules §4)', () => {
  it('cannot leave step 1 until a campaign is selected', () => {
    expect(nextMove(0, { ...all, hasCampaign: false })).toEqual({ kind: 'blocked', message: 'Please choose a campaign' });
    expect(nextMove(0, all)).toEqual({ kind: 'go', step: 1 });
  });

  it('cannot leave step 2 until a challenge is chosen', () => {
    expect(nextMove(1, { ...all, hasChallenge: false })).toEqual({ kind: 'blocked', message: 'Please choose a challenge' });
    expect(nextMove(1, all)).toEqual({ kind: 'go', step: 2 });
  });

  describe('cannot leave step 3 while the total is invalid (product-rules §5)', () => {
    const leave = (error: string | null) => nextMove(2, { ...all, calculatorError: error });

    it('under 10 in local currency', () => {
      expect(leave(calculatorError({ frequency: '1', cost: '2' }))).toEqual({ kind: 'blocked', message: 'Please ensure your pledge is at least $10' });
      expect(leave(calculatorError({ frequency: '1', cost: '2' }, { country: 'UK' }))).toEqual({
        kind: 'blocked',
        message: 'Please ensure your pledge is at least £10',
      });
      // 10 exactly is enough: 1 a month at 10 over four weeks.
      expect(leave(calculatorError({ frequency: '1', cost: '10', period: 'monthly' }))).toEqual({ kind: 'go', step: 3 });
    });

    it('a total that is not a number, blocked by the field that is wrong (one message per problem, docs/decisions/156)', () => {
      expect(leave(calculatorError({ frequency: '5', cost: 'abc' }))).toEqual({ kind: 'blocked', message: 'Enter the cost as a number, like 3.50' });
      expect(leave(calculatorError({ frequency: '5', cost: '-5' }))).toEqual({ kind: 'blocked', message: 'Enter a cost of zero or more' });
      // A frequency that is not a whole number counts as 0, so the total is 0.
      expect(leave(calculatorError({ frequency: '5.5', cost: '3.50' }))).toEqual({ kind: 'blocked', message: 'Enter the number of units as a whole number, like 5' });
    });

    it("a commute with parking neither ticked nor costed: 'Please check the box if you don't pay for parking'", () => {
      const parking = "Please check the box if you don't pay for parking";
      expect(leave(calculatorError({ distance: '8', trips: '10' }, { commute: true }))).toEqual({ kind: 'blocked', message: parking });
      expect(leave(calculatorError({ distance: '8', trips: '10', parking: '0' }, { commute: true }))).toEqual({ kind: 'blocked', message: parking });
      expect(leave(calculatorError({ distance: '8', trips: '10', noParking: true }, { commute: true }))).toEqual({ kind: 'go', step: 3 });
      expect(leave(calculatorError({ distance: '8', trips: '10', parking: '5' }, { commute: true }))).toEqual({ kind: 'go', step: 3 });
    });

    it('the examples of product-rules §9 pass', () => {
      expect(calculatorError({ frequency: '5', cost: '3.50' })).toBeNull();
      expect(calculatorError({ frequency: '6', cost: '15', period: 'monthly' })).toBeNull();
    });
  });

  it('cannot leave step 4 until a charity is chosen; signed in, leaving it saves the Pending pledge', () => {
    expect(nextMove(3, { ...all, hasRecipient: false })).toEqual({ kind: 'blocked', message: 'Please choose a charity' });
    expect(nextMove(3, all)).toEqual({ kind: 'save-pledge' });
    expect(nextMove(3, visitor)).toEqual({ kind: 'go', step: 4 });
  });

  it('step 5 is not allowed to finish while not logged in: the registration form instead', () => {
    expect(gateMessage(4, visitor)).toBe(REGISTER_TO_FINISH);
    expect(nextMove(4, visitor)).toEqual({ kind: 'blocked', message: REGISTER_TO_FINISH });
    // Signed in, Finish submits the payment form: Next has nothing more to do.
    expect(nextMove(4, all)).toEqual({ kind: 'stay' });
  });

  it('finds the furthest step the choices reach', () => {
    expect(furthestAllowedStep({ ...all, hasCampaign: false })).toBe(0);
    expect(furthestAllowedStep({ ...all, hasChallenge: false })).toBe(1);
    expect(furthestAllowedStep({ ...all, calculatorError: 'x' })).toBe(2);
    expect(furthestAllowedStep({ ...all, hasRecipient: false })).toBe(3);
    expect(furthestAllowedStep(all)).toBe(4);
  });

  it('allows the last step to a visitor with every choice, to a donor only with a Pending pledge', () => {
    expect(allowedStep(visitor, false)).toBe(4);
    expect(allowedStep(all, false)).toBe(3);
    expect(allowedStep(all, true)).toBe(4);
    expect(allowedStep({ ...all, hasCampaign: false, hasChallenge: false, hasRecipient: false }, true)).toBe(4);
    expect(allowedStep({ ...visitor, calculatorError: 'x' }, false)).toBe(2);
  });

  it('a step in the URL beyond the allowed one falls back, once the data is in and unless paid', () => {
    expect(shownStep({ urlStep: 4, allowed: 2, ready: true, leaving: false })).toBe(2);
    expect(shownStep({ urlStep: 1, allowed: 2, ready: true, leaving: false })).toBe(1);
    expect(shownStep({ urlStep: 4, allowed: 0, ready: false, leaving: false })).toBe(4);
    expect(shownStep({ urlStep: 4, allowed: 0, ready: true, leaving: true })).toBe(4);
  });

  it('a logged-in donor with a Pending pledge goes straight to the last step', () => {
    // The login redirect (product-rules §2: Pending to /challenge?step=4) names the same step.
    expect(LAST_STEP).toBe(PAYMENT_STEP);
    expect(landingStep(true)).toBe(4);
    expect(landingStep(false)).toBeNull();
  });
});

describe('wizard buttons (product-rules §2)', () => {
  it('hides Back on the first step only', () => {
    expect(showsBack(0)).toBe(false);
    expect([1, 2, 3, 4].map(showsBack)).toEqual([true, true, true, true]);
  });

  it("labels the next button with the next step's name, and 'Finish' on the last", () => {
    expect([0, 1, 2, 3, 4].map(nextLabel)).toEqual(['Choose challenges', 'Calculate pledge amount', 'Choose cause', 'Payment and details', 'Finish']);
  });
});

describe('wizard reducer', () => {
  it('shows a gate message on the step it was raised on, and a new choice clears it', () => {
    const blocked = run([{ type: 'blocked', step: 0, message: 'Please choose a campaign' }]);
    expect(shownGateMessage(blocked, 0)).toBe('Please choose a campaign');
    expect(shownGateMessage(blocked, 1)).toBeNull();
    const chosen = wizardReducer(blocked, { type: 'campaign-selected', campaignId: 1, countryChanged: true });
    expect(shownGateMessage(chosen, 0)).toBeNull();
    expect(chosen.choices.campaignId).toBe(1);
  });

  it('a refusal on the calculator shows its field errors', () => {
    expect(run([{ type: 'blocked', step: 2, message: 'x' }]).calculatorTouched).toBe(true);
    expect(run([{ type: 'blocked', step: 1, message: 'x' }]).calculatorTouched).toBe(false);
    expect(run([{ type: 'calculator-changed', calculator: { ...EMPTY_CALCULATOR, frequency: '5' } }])).toMatchObject({
      calculatorTouched: true,
      choices: { calculator: { frequency: '5' } },
    });
  });

  it('Back resets the gating flags and keeps the choices', () => {
    const state = run([
      { type: 'campaign-selected', campaignId: 1, countryChanged: true },
      { type: 'challenge-selected', challengeId: 1 },
      { type: 'calculator-changed', calculator: { ...EMPTY_CALCULATOR, frequency: '1' } },
      { type: 'blocked', step: 2, message: 'Please ensure your pledge is at least $10' },
      { type: 'went-back' },
    ]);
    expect(state.gate).toBeNull();
    expect(state.calculatorTouched).toBe(false);
    expect(state.choices).toMatchObject({ campaignId: 1, challengeId: 1, calculator: { frequency: '1' } });
  });

  it("another country's campaign clears the challenge and charity; the same country keeps them", () => {
    const chosen = run([
      { type: 'campaign-selected', campaignId: 1, countryChanged: true },
      { type: 'challenge-selected', challengeId: 2 },
      { type: 'recipient-selected', recipientId: 5 },
    ]);
    expect(wizardReducer(chosen, { type: 'campaign-selected', campaignId: 3, countryChanged: false }).choices).toMatchObject({
      campaignId: 3,
      challengeId: 2,
      recipientId: 5,
    });
    expect(wizardReducer(chosen, { type: 'campaign-selected', campaignId: 2, countryChanged: true }).choices).toMatchObject({
      campaignId: 2,
      challengeId: null,
      recipientId: null,
    });
  });

  it('on arrival a Pending pledge fills in the choices, once', () => {
    const arrived = run([{ type: 'arrived', pendingPledge, figures: null }]);
    expect(arrived.arrived).toBe(true);
    expect(arrived.choices).toEqual(choicesFromPledge(pendingPledge, undefined));
    expect(arrived.choices).toMatchObject({ campaignId: 1, challengeId: 1, recipientId: 5, calculator: { frequency: '5', cost: '3.5', period: 'weekly' } });
    // Decided once: a later arrival (a refetch) changes nothing.
    const edited = wizardReducer(arrived, { type: 'challenge-selected', challengeId: 2 });
    expect(wizardReducer(edited, { type: 'arrived', pendingPledge, figures: null })).toBe(edited);
  });

  it("reads a Pending commute's cost of a trip back as a distance in its campaign country's unit", () => {
    // 10 trips at 3.00 a trip: 8 km at 37.5c in New Zealand; 6.667 miles at 45p in the UK.
    const commute = { ...pendingPledge, number_of_units: 10, cost_per_unit: 3, confirmed_amount: 120 };
    expect(choicesFromPledge(commute, 'NZ').calculator).toMatchObject({ distance: '8', trips: '10', noParking: true });
    expect(choicesFromPledge(commute, 'UK').calculator).toMatchObject({ distance: '6.667', trips: '10', noParking: true });
    // Read back and priced again, the UK distance costs the stored 3.00 a trip: the total stands.
    const again = calculate({ calculator: choicesFromPledge(commute, 'UK').calculator, isCommute: true, country: 'UK', remainingWeeks: 4 });
    expect(again).toMatchObject({ costPerUnitMinor: 300, totalMinor: 12000 });
    expect(run([{ type: 'arrived', pendingPledge: commute, figures: null, pendingCountry: 'UK' }]).choices.calculator.distance).toBe('6.667');
    // No country known (its campaign is no longer offered): no distance is guessed in a unit.
    expect(choicesFromPledge(commute, undefined).calculator.distance).toBe('');
  });

  it('on arrival the browser keeps what was typed when it is the Pending pledge already', () => {
    const figures: PledgeFigures = { campaign_id: 1, challenge_id: 1, recipient_id: 5, number_of_units: 5, cost_per_unit: 3.5, confirmed_amount: 70, period: 'weekly' };
    const typed = { ...EMPTY_STATE, campaignId: 1, challengeId: 1, recipientId: 5, calculator: { ...EMPTY_CALCULATOR, frequency: '5', cost: '3.50' } };
    expect(run([{ type: 'arrived', pendingPledge, figures }], initialFlowState(typed)).choices).toBe(typed);
    expect(run([{ type: 'arrived', pendingPledge: null, figures }], initialFlowState(typed)).choices).toBe(typed);
  });

  it('a deleted Pending pledge resets the wizard to nothing chosen, and it is not filled in again', () => {
    const state = run([
      { type: 'arrived', pendingPledge, figures: null },
      { type: 'blocked', step: 4, message: 'x' },
      { type: 'pledge-deleted' },
    ]);
    expect(state.choices).toEqual(EMPTY_STATE);
    expect(state.gate).toBeNull();
    expect(state.arrived).toBe(true);
  });

  it('saving the pledge, paying and leaving', () => {
    const saving = run([{ type: 'blocked', step: 3, message: 'x' }, { type: 'saving-started' }]);
    expect(saving).toMatchObject({ saving: true, gate: null });
    expect(wizardReducer(saving, { type: 'blocked', step: 3, message: 'y' })).toMatchObject({ saving: false, gate: { step: 3, message: 'y' } });
    expect(wizardReducer(saving, { type: 'saving-finished' }).saving).toBe(false);
    const paying = run([{ type: 'paying-changed', paying: true }]);
    expect(paying.paying).toBe(true);
    expect(wizardReducer(paying, { type: 'paying-changed', paying: true })).toBe(paying);
    expect(wizardReducer(paying, { type: 'paid' })).toMatchObject({ leaving: true, paying: false });
  });
});
