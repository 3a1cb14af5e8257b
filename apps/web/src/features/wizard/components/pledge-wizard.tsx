import { remainingWeeksWord } from '@uplift/core/calculator';
import type { CountryCode } from '@uplift/core/countries';
import { formatMoney } from '@uplift/core/money';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import type { PledgeFigures } from '../api/types';
import { useWizardFlow, type WizardFlow } from '../model/use-wizard-flow';
import { STEP_NAMES } from '../model/wizard-state';
import { CalculatorStep } from './calculator-step';
import { CampaignStep } from './campaign-step';
import { ChallengeStep } from './challenge-step';
import { CharityStep } from './charity-step';
import { PaymentStep, PAYMENT_FORM_ID } from './payment-step';
import { StepProgress } from './step-progress';
import '../wizard.css';

type Props = {
  /** Step 5 for a visitor: the registration form, composed by the route (features never import each other), its country preset from the campaign's. */
  renderRegistration: (pledge: PledgeFigures, country: CountryCode) => ReactNode;
};

/** The pledge wizard at /challenge (product-rules §2 "Pledge wizard"); its flow and gating are in useWizardFlow. */
export function PledgeWizard({ renderRegistration }: Props) {
  usePageTitle('Take the challenge');
  const flow = useWizardFlow();
  const { step, isLast, loggedIn, ready, pendingPledge, figures, recipient, country, calc } = flow;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Move focus to the step's heading when the step changes, for keyboard and screen reader users.
  const lastFocused = useRef(step);
  useEffect(() => {
    if (lastFocused.current !== step) headingRef.current?.focus();
    lastFocused.current = step;
  }, [step]);

  const finishForm = isLast && loggedIn && pendingPledge ? PAYMENT_FORM_ID : undefined;
  // A visitor's last step is the registration form, whose Register is the one action: no Finish beside it (docs/decisions/157).
  const registering = isLast && !loggedIn;

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
      <div className="wizard-body">{flow.showContent ? <StepContent flow={flow} renderRegistration={renderRegistration} /> : <p role="status">Loading…</p>}</div>

      {flow.gateError && (
        <p className="field-error wizard-gate-error" role="alert">
          {flow.gateError}
        </p>
      )}
      <div className="wizard-nav">
        {flow.showBack ? (
          <button type="button" className="button secondary" onClick={flow.back} disabled={flow.paying}>
            Back
          </button>
        ) : (
          <span />
        )}
        {/* On the payment form, Finish stands inside it, under the charge and above Cancel. */}
        {finishForm || registering ? null : (
          <button type="button" className="button" disabled={flow.saving || !ready} onClick={() => void flow.next()}>
            {flow.saving ? 'Saving your pledge…' : flow.nextLabel}
          </button>
        )}
      </div>
    </section>
  );
}

function StepContent({ flow, renderRegistration }: { flow: WizardFlow } & Props) {
  const { campaigns, challenges, recipients, choices, challenge, country, pendingPledge } = flow;
  switch (flow.step) {
    case 0:
      return (
        <CampaignStep
          campaigns={campaigns.data}
          isLoading={campaigns.isPending}
          isError={campaigns.isError}
          selectedId={choices.campaignId}
          onSelect={flow.selectCampaign}
        />
      );
    case 1:
      return (
        <ChallengeStep
          challenges={challenges.data}
          isLoading={challenges.isPending}
          isError={challenges.isError}
          selectedId={choices.challengeId}
          onSelect={flow.selectChallenge}
        />
      );
    case 2:
      return challenge && country ? (
        <CalculatorStep
          challenge={challenge}
          calculator={choices.calculator}
          onChange={flow.changeCalculator}
          country={country}
          remainingWeeks={flow.remainingWeeks}
          showErrors={flow.calculatorTouched}
          onSubmit={() => void flow.next()}
        />
      ) : null;
    case 3:
      return (
        <CharityStep
          recipients={recipients.data}
          totals={flow.totals.data}
          isLoading={recipients.isPending}
          isError={recipients.isError}
          selectedId={choices.recipientId}
          onSelect={flow.selectRecipient}
          country={country ?? 'NZ'}
          pledgeTotalMinor={flow.calc.totalMinor}
        />
      );
    default:
      if (!flow.loggedIn) return flow.figures && country ? renderRegistration(flow.figures, country) : null;
      if (!pendingPledge) {
        return (
          <Alert tone="info">
            There is no pledge waiting for payment. {flow.closest.data?.pledge_status === 'Confirmed' ? <Link to={paths.summary}>View my pledge</Link> : null}
          </Alert>
        );
      }
      return (
        <PaymentStep
          pledge={pendingPledge}
          campaign={campaigns.data?.find((c) => c.id === pendingPledge.campaign_id)}
          challengeName={challenges.data?.find((c) => c.id === pendingPledge.challenge_id)?.name}
          recipientName={recipients.data?.find((r) => r.id === pendingPledge.recipient_id)?.recipient_name}
          onPaid={flow.paid}
          onSubmittingChange={flow.setPaying}
          onDeleted={flow.pledgeDeleted}
          finishLabel={flow.nextLabel}
        />
      );
  }
}
