import { MSG } from '@uplift/core/messages';
import { LAST_STEP } from './wizard-state';

// Wizard gating (SPEC §4): a step can be left only when its choice is made and valid.

export const REGISTER_TO_FINISH = 'Please register above, activate your account from the email we send you, then log in to finish your pledge.';

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
      return input.loggedIn ? null : REGISTER_TO_FINISH;
  }
}

/** The furthest step the donor may be on: the first step that cannot be left yet. */
export function furthestAllowedStep(input: GateInput): number {
  for (let step = 0; step < LAST_STEP; step += 1) {
    if (gateMessage(step, input) !== null) return step;
  }
  return LAST_STEP;
}
