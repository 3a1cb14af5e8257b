import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { paths, type JoinChoice } from '../../../lib/paths';
import { useActiveCampaigns } from '../../../lib/queries/campaigns';
import { useClosestPledge } from '../../../lib/queries/closest-pledge';
import { useSession } from '../../../lib/session';
import { useCampaignChallenges } from '../api/get-campaign-challenges';
import { useCampaignRecipients } from '../api/get-campaign-recipients';
import { useRecipientTotals } from '../api/get-recipient-totals';
import { useReplacePendingPledge } from '../api/replace-pending-pledge';
import type { Campaign, Challenge, ConfirmedPledge, PledgeFigures, Recipient } from '../api/types';
import { calculate, isCommuteChallenge, pledgeFiguresOf, remainingDatesOf } from './calculation';
import {
  allowedStep,
  CARRIED_STEP_LIMIT,
  furthestAllowedStep,
  initialFlowState,
  landingStep,
  nextLabel,
  nextMove,
  PLEDGE_EXISTS_MESSAGE,
  shownGateMessage,
  shownStep,
  showsBack,
  wizardReducer,
  type GateInput,
} from './wizard-flow';
import { clearWizardState, LAST_STEP, loadWizardState, parseStep, saveWizardState, type CalculatorInput } from './wizard-state';

const CALCULATOR_STEP = 2;

/** The landing page's Join choice from the router state, when it is one (docs/decisions/124). */
export function joinChoiceOf(state: unknown): JoinChoice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { country, challengeId } = state as Record<string, unknown>;
  if (country !== 'NZ' && country !== 'UK') return null;
  const id = typeof challengeId === 'number' && Number.isInteger(challengeId) && challengeId > 0 ? challengeId : null;
  return { country, challengeId: id };
}

const OFFLINE = 'We could not reach Uplift. Please check your connection and try again.';

/**
 * The pledge wizard's flow: the choices (kept in session storage), the step (kept in the URL),
 * the gating of product-rules §4 and the Pending pledge's handling. The wizard component only renders.
 */
export function useWizardFlow() {
  const navigate = useNavigate();
  const session = useSession();
  const loggedIn = session.status === 'authenticated';
  const [params, setParams] = useSearchParams();
  const urlStep = parseStep(params.get('step'));
  const location = useLocation();
  // Read once: what the landing page's Join carried in.
  const [carried] = useState(() => joinChoiceOf(location.state));
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => initialFlowState(loadWizardState()));
  const { choices } = state;

  useEffect(() => saveWizardState(choices), [choices]);

  const campaigns = useActiveCampaigns();
  const campaign = campaigns.data?.find((c) => c.id === choices.campaignId);
  const country = campaign?.country;
  // The landing page's country chooses its campaign (and its pick, the challenge) as soon as the
  // campaigns are known, before anything else is decided.
  if (carried && !state.carriedApplied && campaigns.isFetched) {
    const target = campaigns.data?.find((c) => c.country === carried.country);
    dispatch({ type: 'carried', campaignId: target?.id ?? null, challengeId: carried.challengeId, countryChanged: target?.country !== country });
  }
  const challenges = useCampaignChallenges(country);
  const challenge = challenges.data?.find((c) => c.id === choices.challengeId);
  const recipients = useCampaignRecipients(country);
  const recipient = recipients.data?.find((r) => r.id === choices.recipientId);
  const totals = useRecipientTotals(urlStep === 3 ? country : undefined);
  const closest = useClosestPledge(loggedIn);
  const pendingPledge = loggedIn && closest.data?.pledge_status === 'Pending' ? closest.data : null;
  const replacePending = useReplacePendingPledge();

  const remainingWeeks = campaign ? remainingDatesOf(campaign, new Date()).length : 0;
  const calc = calculate({
    calculator: choices.calculator,
    isCommute: challenge ? isCommuteChallenge(challenge) : false,
    country: country ?? 'NZ',
    remainingWeeks,
    unit: challenge?.unit,
  });
  const gate: GateInput = {
    hasCampaign: Boolean(campaign),
    hasChallenge: Boolean(challenge),
    calculatorError: challenge ? calc.blockingError : null,
    hasRecipient: Boolean(recipient),
    loggedIn,
  };
  const figures: PledgeFigures | null =
    campaign && challenge && recipient
      ? { campaign_id: campaign.id, challenge_id: challenge.id, recipient_id: recipient.id, ...pledgeFiguresOf(calc) }
      : null;

  const ready =
    (!carried || state.carriedApplied) &&
    session.status !== 'unknown' &&
    campaigns.isFetched &&
    (!campaign || (challenges.isFetched && recipients.isFetched)) &&
    (!loggedIn || closest.isFetched);

  const goTo = useCallback(
    (step: number, opts: { replace?: boolean } = {}) => setParams({ step: String(step) }, { replace: opts.replace }),
    [setParams],
  );

  // On arrival a signed-in donor's Pending pledge fills in the choices, decided once, during
  // render, as soon as the data is in…
  if (ready && !state.arrived) {
    // The Pending pledge's campaign country gives the unit its commute distance reads back in.
    const pendingCountry = campaigns.data?.find((c) => c.id === pendingPledge?.campaign_id)?.country;
    dispatch({ type: 'arrived', pendingPledge, figures, pendingCountry });
  }
  // …and they go straight to the last step (product-rules §2).
  const landed = useRef(false);
  useEffect(() => {
    if (!state.arrived || landed.current) return;
    landed.current = true;
    const landing = landingStep(pendingPledge !== null);
    if (landing !== null && urlStep !== landing) goTo(landing, { replace: true });
    // From the landing page's Join: on to the first step still to do, at most the calculator.
    else if (landing === null && carried) goTo(Math.min(furthestAllowedStep(gate), CARRIED_STEP_LIMIT), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided once, on arrival, with the gate of that render
  }, [state.arrived, pendingPledge, urlStep, goTo]);

  const allowed = allowedStep(gate, pendingPledge !== null);
  const step = shownStep({ urlStep, allowed, ready, leaving: state.leaving });
  // A step in the URL that the choices do not allow yet falls back to the furthest allowed.
  useEffect(() => {
    if (ready && landed.current && !state.leaving && urlStep > allowed) goTo(allowed, { replace: true });
  }, [ready, state.leaving, urlStep, allowed, goTo]);

  async function next() {
    const move = nextMove(step, gate);
    if (move.kind === 'blocked') {
      dispatch({ type: 'blocked', step, message: move.message });
    } else if (move.kind === 'go') {
      goTo(move.step);
    } else if (move.kind === 'save-pledge' && figures) {
      // One call creates or replaces the Pending pledge (the donor may have changed their mind).
      dispatch({ type: 'saving-started' });
      try {
        await replacePending.mutateAsync(figures);
      } catch (err) {
        const message =
          err instanceof ApiError && err.code === 'pledge.exists' ? PLEDGE_EXISTS_MESSAGE : err instanceof ApiError ? err.message : OFFLINE;
        dispatch({ type: 'blocked', step, message });
        return;
      }
      dispatch({ type: 'saving-finished' });
      goTo(step + 1);
    }
  }

  function back() {
    dispatch({ type: 'went-back' });
    goTo(step - 1);
  }

  /** After the payment step deleted the Pending pledge: start again from the first step. */
  const pledgeDeleted = useCallback(() => {
    clearWizardState();
    dispatch({ type: 'pledge-deleted' });
    goTo(0, { replace: true });
  }, [goTo]);

  const paid = useCallback(
    (confirmed: ConfirmedPledge) => {
      dispatch({ type: 'paid' });
      clearWizardState();
      // Confirming marked the pledge data stale; the thank-you page reads it afresh, and shows the
      // schedule the confirm answered at once (docs/decisions/156).
      navigate(paths.submitPage, { state: { pledgeId: confirmed.id, payments: confirmed.payments } });
    },
    [navigate],
  );

  const setPaying = useCallback((paying: boolean) => dispatch({ type: 'paying-changed', paying }), []);

  return {
    ready,
    // Once arrived, the step stays on screen while another country's lists load: swapping it for
    // 'Loading…' would take the focus away from the card just chosen (docs/decisions/124).
    showContent: ready || state.arrived,
    loggedIn,
    step,
    isLast: step === LAST_STEP,
    showBack: showsBack(step),
    nextLabel: nextLabel(step),
    // The calculator shows its own blocking message beside the total: shown here too, it would read twice.
    gateError: step === CALCULATOR_STEP ? null : shownGateMessage(state, step),
    calculatorTouched: state.calculatorTouched,
    saving: state.saving,
    paying: state.paying,
    choices,
    campaigns,
    challenges,
    recipients,
    totals,
    closest,
    pendingPledge,
    campaign,
    challenge,
    recipient,
    country,
    remainingWeeks,
    calc,
    figures,
    next,
    back,
    selectCampaign: (c: Campaign) => dispatch({ type: 'campaign-selected', campaignId: c.id, countryChanged: c.country !== country }),
    selectChallenge: (c: Challenge) => dispatch({ type: 'challenge-selected', challengeId: c.id }),
    selectRecipient: (r: Recipient) => dispatch({ type: 'recipient-selected', recipientId: r.id }),
    changeCalculator: (calculator: CalculatorInput) => dispatch({ type: 'calculator-changed', calculator }),
    pledgeDeleted,
    paid,
    setPaying,
  };
}

export type WizardFlow = ReturnType<typeof useWizardFlow>;
