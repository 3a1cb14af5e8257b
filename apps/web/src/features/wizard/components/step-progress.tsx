import { STEP_NAMES } from '../model/wizard-state';
import { useWideLayout } from './use-wide-layout';

/** Where the donor is: a step bar on wide windows, dots on narrow ones (product-rules §2). */
export function StepProgress({ step }: { step: number }) {
  const wide = useWideLayout();
  if (wide) {
    return (
      <ol className="step-bar" aria-label="Pledge steps">
        {STEP_NAMES.map((name, i) => (
          <li key={name} className={i === step ? 'current' : i < step ? 'done' : undefined} aria-current={i === step ? 'step' : undefined}>
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="step-name">{name}</span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div className="step-dots">
      <p className="visually-hidden" aria-live="polite">
        Step {step + 1} of {STEP_NAMES.length}: {STEP_NAMES[step]}
      </p>
      <ol aria-hidden="true">
        {STEP_NAMES.map((name, i) => (
          <li key={name} className={i === step ? 'current' : i < step ? 'done' : undefined} />
        ))}
      </ol>
    </div>
  );
}
