import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type Labelled = {
  label: ReactNode;
  /** Error text shown under the field and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
};

/** The ids that tie a control to its hint and its error for screen readers, and the control's own attributes. */
function useWiring(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control = { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined };
  return { hintId, errorId, control };
}

/** The frame every field shares: its label (before the control, or after a checkbox), hint and error. */
function FieldFrame(props: Labelled & { className: string; controlId: string; hintId?: string | undefined; errorId?: string | undefined; labelAfter?: boolean; children: ReactNode }) {
  const { label, error, hint, className, controlId, hintId, errorId, labelAfter, children } = props;
  const labelElement = <label htmlFor={controlId}>{label}</label>;
  return (
    <div className={className}>
      {!labelAfter && labelElement}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {children}
      {labelAfter && labelElement}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & Labelled;

/** A labelled input with its hint and error wired for screen readers. Works with react-hook-form's register(). */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField({ label, error, hint, id, className, ...rest }, ref) {
  const { hintId, errorId, control } = useWiring(id, hint, error);
  return (
    <FieldFrame className={`field ${className ?? ''}`} label={label} hint={hint} error={error} controlId={control.id} hintId={hintId} errorId={errorId}>
      <input ref={ref} {...control} {...rest} />
    </FieldFrame>
  );
});

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled;

/** A labelled multi-line text box, wired like TextField. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField({ label, error, hint, id, className, ...rest }, ref) {
  const { hintId, errorId, control } = useWiring(id, hint, error);
  return (
    <FieldFrame className={`field ${className ?? ''}`} label={label} hint={hint} error={error} controlId={control.id} hintId={hintId} errorId={errorId}>
      <textarea ref={ref} {...control} {...rest} />
    </FieldFrame>
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & Omit<Labelled, 'hint'> & { children: ReactNode };

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField({ label, error, id, children, className, ...rest }, ref) {
  const { errorId, control } = useWiring(id, undefined, error);
  return (
    <FieldFrame className={`field ${className ?? ''}`} label={label} error={error} controlId={control.id} errorId={errorId}>
      <select ref={ref} {...control} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
});

type CheckboxProps = InputHTMLAttributes<HTMLInputElement> & Omit<Labelled, 'hint'>;

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxProps>(function CheckboxField({ label, error, id, className, ...rest }, ref) {
  const { errorId, control } = useWiring(id, undefined, error);
  return (
    <FieldFrame className={`field checkbox ${className ?? ''}`} label={label} error={error} controlId={control.id} errorId={errorId} labelAfter>
      <input ref={ref} type="checkbox" {...control} {...rest} />
    </FieldFrame>
  );
});
