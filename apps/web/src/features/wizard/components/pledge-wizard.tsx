import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { createPledge } from '../api/create-pledge';
import { deletePendingPledge, useDeletePendingPledge } from '../api/delete-pledge';
import { useActiveCampaigns } from '../api/get-active-campaigns';
import { useCampaignChallenges } from '../api/get-campaign-challenges';
import { useCampaignRecipients } from '../api/get-campaign-recipients';
import { closestPledgeQuery, useClosestPledge } from '../api/get-closest-pledge';
import { useRecipientTotals } from '../api/get-recipient-totals';
import type { ConfirmedPledge, Pledge, PledgeFigures } from '../api/types';
import { calculate, pledgeFiguresOf, remainingDatesOf } from '../model/calculation';
import { furthestAllowedStep, gateMessage, REGISTER_TO_FINISH, type GateInput } from '../model/gating';
import {
  clearWizardState,
  EMPTY_CALCULATOR,
  EMPTY_STATE,
  LAST_STEP,
  loadWizardState,
  parseStep,
  saveWizardState,
  STEP_NAMES,
  type WizardState,
} from '../model/wizard-state';
import { CalculatorStep, isCommuteChallenge } from './calculator-step';
import { CampaignStep } from './campaign-step';
import { ChallengeStep } from './challenge-step';
import { CharityStep } from './charity-step';
import { PaymentStep, PAYMENT_FORM_ID } from './payment-step';
import { StepProgress } from './step-progress';
import { COST_PER_KM, remainingWeeksWord } from '@uplift/core/calculator';
import { formatMoney } from '@uplift/core/money';
import '../wizard.css';

type Props = {
  /** Step 5 for a visitor: the registration form, composed by the route (features never import each other). */
  renderRegistration: (pledge: PledgeFigures) => ReactNode;
};

function samePledge(pledge: Pledge, figures: PledgeFigures): boolean {
  return (
    pledge.campaign_id === figures.campaign_id &&
    pledge.challenge_id === figures.challenge_id &&
    pledge.recipient_id === figures.recipient_id &&
    pledge.number_of_units === figures.number_of_units &&
    Math.round(pledge.cost_per_unit * 100) === Math.round(figures.cost_per_unit * 100) &&
    pledge.period === figures.period
  );
}

/**
 * The wizard's choices rebuilt from a Pending pledge (after login the browser may know nothing).
 * Both calculators are filled: a commute's stored cost of one trip reads as a distance at the
 * standard rate with no parking.
 */
function stateFromPledge(pledge: Pledge): WizardState {
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
      distanceKm: String(Math.round((pledge.cost_per_unit / COST_PER_KM) * 1000) / 1000),
      noParking: true,
    },
  };
}

/** The pledge wizard at /challenge (SPEC §2 "Pledge wizard", §4 gating). */
export function PledgeWizard({ renderRegistration }: Props) {
  usePageTitle('Take the challenge');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const loggedIn = session.status === 'authenticated';
  const [params, setParams] = useSearchParams();
  const urlStep = parseStep(params.get('step'));
  const [state, setState] = useState<WizardState>(loadWizardState);
  // A gate message belongs to the step it was raised on, so moving on or back clears it.
  const [gateState, setGate] = useState<{ step: number; message: string } | null>(null);
  const [calcTouched, setCalcTouched] = useState(false);
  const [advancing, setAdvancing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [arrived, setArrived] = useState(false);
  const landed = useRef(false);
  // Set once the pledge is paid: the wizard is on its way out and must not touch the URL again.
  const [leaving, setLeaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => saveWizardState(state), [state]);

  const campaigns = useActiveCampaigns();
  const campaign = campaigns.data?.find((c) => c.id === state.campaignId);
  const country = campaign?.country;
  const challenges = useCampaignChallenges(country);
  const challenge = challenges.data?.find((c) => c.id === state.challengeId);
  const recipients = useCampaignRecipients(country);
  const recipient = recipients.data?.find((r) => r.id === state.recipientId);
  const totals = useRecipientTotals(urlStep === 3 ? country : undefined);
  const closest = useClosestPledge(loggedIn);
  const pendingPledge = closest.data?.pledge_status === 'Pending' ? closest.data : null;

  const remainingWeeks = campaign ? remainingDatesOf(campaign, new Date()).length : 0;
  const calc = calculate({
    calculator: state.calculator,
    isCommute: challenge ? isCommuteChallenge(challenge) : false,
    country: country ?? 'NZ',
    remainingWeeks,
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

  const sessionKnown = session.status !== 'unknown';
  const choicesLoaded =
    campaigns.isFetched &&
    (!campaign || (challenges.isFetched && recipients.isFetched)) &&
    (!loggedIn || closest.isFetched);
  const ready = sessionKnown && choicesLoaded;

  const goTo = useCallback(
    (step: number, opts: { replace?: boolean } = {}) => setParams({ step: String(step) }, { replace: opts.replace }),
    [setParams],
  );

  // On arrival, a signed-in donor's Pending pledge fills in the choices (after login the
  // browser may know nothing of them): decided once, during render, as soon as data is in.
  if (ready && !arrived) {
    setArrived(true);
    if (pendingPledge && !(figures && samePledge(pendingPledge, figures))) setState(stateFromPledge(pendingPledge));
  }
  // …and they go straight to the last step (SPEC §2).
  useEffect(() => {
    if (!arrived || landed.current) return;
    landed.current = true;
    if (pendingPledge && urlStep !== LAST_STEP) goTo(LAST_STEP, { replace: true });
  }, [arrived, pendingPledge, urlStep, goTo]);

  // A step in the URL that the choices do not allow yet (a typed URL, stale storage) falls back.
  // Signed in, the last step needs the Pending pledge that Next on step 4 creates.
  const allowed = pendingPledge ? LAST_STEP : Math.min(furthestAllowedStep(gate), loggedIn ? LAST_STEP - 1 : LAST_STEP);
  const step = ready && !leaving ? Math.min(urlStep, allowed) : urlStep;
  useEffect(() => {
    if (ready && landed.current && !leaving && urlStep > allowed) goTo(allowed, { replace: true });
  }, [ready, leaving, urlStep, allowed, goTo]);

  // Move focus to the step's heading when the step changes, for keyboard and screen reader users.
  const lastFocused = useRef(step);
  useEffect(() => {
    if (lastFocused.current !== step) headingRef.current?.focus();
    lastFocused.current = step;
  }, [step]);

  const update = (patch: Partial<WizardState>) => {
    setGate(null);
    setState((prev) => ({ ...prev, ...patch }));
  };

  /** Moving from step 4 to 5 signed in: make sure the Pending pledge is the one chosen. */
  async function ensurePendingPledge(chosen: PledgeFigures): Promise<void> {
    const current = await queryClient.fetchQuery(closestPledgeQuery());
    if (current?.pledge_status === 'Pending') {
      if (samePledge(current, chosen)) return;
      await deletePendingPledge(); // the donor changed their mind on an earlier step
    }
    const created = await createPledge(chosen);
    queryClient.setQueryData(closestPledgeQuery().queryKey, created);
  }

  async function next() {
    const message = gateMessage(step, gate);
    if (message) {
      if (step === 2) setCalcTouched(true);
      setGate({ step, message });
      return;
    }
    if (step === 3 && loggedIn && figures) {
      setAdvancing(true);
      try {
        await ensurePendingPledge(figures);
      } catch (err) {
        const text =
          err instanceof ApiError && err.code === 'pledge.exists'
            ? 'You have already pledged in this campaign. See your pledge on View my Pledge.'
            : err instanceof ApiError
              ? err.message
              : 'We could not reach Uplift. Please check your connection and try again.';
        setGate({ step, message: text });
        return;
      } finally {
        setAdvancing(false);
      }
    }
    goTo(step + 1);
  }

  const deletePledge = useDeletePendingPledge();
  async function cancelPledge() {
    setGate(null);
    try {
      await deletePledge.mutateAsync();
    } catch (err) {
      // Already gone (another tab) is what the donor wanted; anything else is reported.
      if (!(err instanceof ApiError && err.status === 404)) {
        setGate({ step, message: err instanceof ApiError ? err.message : 'We could not reach Uplift. Please try again.' });
        return;
      }
    }
    clearWizardState();
    setState(EMPTY_STATE);
    setCalcTouched(false);
    goTo(0, { replace: true });
  }

  const onPaid = useCallback(
    (confirmed: ConfirmedPledge) => {
      setLeaving(true);
      clearWizardState();
      navigate('/SubmitPage', { state: { pledgeId: confirmed.id } });
      void queryClient.invalidateQueries({ queryKey: closestPledgeQuery().queryKey });
    },
    [navigate, queryClient],
  );

  const isLast = step === LAST_STEP;
  const gateError = gateState?.step === step ? gateState.message : null;
  const nextLabel = isLast ? 'Finish' : STEP_NAMES[step + 1];

  function stepContent(): ReactNode {
    if (!ready) return <p role="status">Loading…</p>;
    switch (step) {
      case 0:
        return (
          <CampaignStep
            campaigns={campaigns.data}
            isLoading={campaigns.isPending}
            isError={campaigns.isError}
            selectedId={state.campaignId}
            onSelect={(c) =>
              // Another country means other challenges and charities: those choices start again.
              update(c.country === country ? { campaignId: c.id } : { campaignId: c.id, challengeId: null, recipientId: null })
            }
          />
        );
      case 1:
        return (
          <ChallengeStep
            challenges={challenges.data}
            isLoading={challenges.isPending}
            isError={challenges.isError}
            selectedId={state.challengeId}
            onSelect={(c) => update({ challengeId: c.id })}
          />
        );
      case 2:
        return challenge && country ? (
          <CalculatorStep
            challenge={challenge}
            calculator={state.calculator}
            onChange={(calculator) => {
              setCalcTouched(true);
              update({ calculator });
            }}
            country={country}
            remainingWeeks={remainingWeeks}
            showErrors={calcTouched}
          />
        ) : null;
      case 3:
        return (
          <CharityStep
            recipients={recipients.data}
            totals={totals.data}
            isLoading={recipients.isPending}
            isError={recipients.isError}
            selectedId={state.recipientId}
            onSelect={(r) => update({ recipientId: r.id })}
            country={country ?? 'NZ'}
            pledgeTotalMinor={calc.totalMinor}
          />
        );
      default:
        if (!loggedIn) return figures ? renderRegistration(figures) : null;
        if (!pendingPledge) {
          return (
            <Alert tone="info">
              There is no pledge waiting for payment. {closest.data?.pledge_status === 'Confirmed' ? <Link to="/summary">View my pledge</Link> : null}
            </Alert>
          );
        }
        return (
          <PaymentStep
            pledge={pendingPledge}
            campaign={campaigns.data?.find((c) => c.id === pendingPledge.campaign_id)}
            challengeName={challenges.data?.find((c) => c.id === pendingPledge.challenge_id)?.name}
            recipientName={recipients.data?.find((r) => r.id === pendingPledge.recipient_id)?.recipient_name}
            onPaid={onPaid}
            onSubmittingChange={setPaying}
          />
        );
    }
  }

  const finishForm = isLast && loggedIn && pendingPledge ? PAYMENT_FORM_ID : undefined;

  return (
    <section className="page wizard" aria-labelledby="wizard-title">
      <h1 id="wizard-title" className="visually-hidden">
        Take the challenge
      </h1>
      <StepProgress step={step} />
      <h2 className="wizard-step-title" ref={headingRef} tabIndex={-1}>
        {STEP_NAMES[step]}
      </h2>
      {isLast && !loggedIn && ready && figures && recipient && country && (
        <p className="wizard-intro">
          Your pledge: <strong>{formatMoney(calc.totalMinor, country, { code: true })}</strong> for {recipient.recipient_name}, in{' '}
          {remainingWeeksWord(calc.payments.length)} weekly {calc.payments.length === 1 ? 'payment' : 'payments'}. Register to make it
          yours; you will add your card after logging in.
        </p>
      )}
      <div className="wizard-body">{stepContent()}</div>

      {gateError && (
        <p className="field-error wizard-gate-error" role="alert">
          {gateError}
        </p>
      )}
      <div className="wizard-nav">
        {step > 0 ? (
          <button type="button" className="button secondary" onClick={() => goTo(step - 1)} disabled={paying}>
            Back
          </button>
        ) : (
          <span />
        )}
        {isLast && loggedIn && pendingPledge && (
          <button type="button" className="button secondary wizard-cancel" onClick={() => void cancelPledge()} disabled={paying || deletePledge.isPending}>
            Cancel
          </button>
        )}
        {finishForm ? (
          <button type="submit" form={finishForm} className="button" disabled={paying}>
            {paying ? 'Finishing…' : 'Finish'}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={advancing || !ready}
            onClick={() => (isLast ? setGate(loggedIn ? null : { step, message: REGISTER_TO_FINISH }) : void next())}
          >
            {advancing ? 'Saving your pledge…' : nextLabel}
          </button>
        )}
      </div>
    </section>
  );
}
