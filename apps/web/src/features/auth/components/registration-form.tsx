import { zodResolver } from '@hookform/resolvers/zod';
import { BRAND } from '@uplift/core/brand';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { MSG } from '@uplift/core/messages';
import { registerFormSchema, type RegisterForm, type RegisterFormOutput } from '@uplift/core/schemas/auth';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { CheckboxField, SelectField, TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/register';
import { rememberRegisteredEmail } from '../registered-email';
import '../auth.css';

/** The pledge chosen in the wizard; registration creates it as a Pending pledge. */
export type RegistrationPledge = {
  recipient_id: number;
  challenge_id: number;
  campaign_id: number;
  number_of_units: number;
  cost_per_unit: number;
  confirmed_amount: number;
  period: 'weekly' | 'monthly';
};

export type RegistrationFormProps = {
  pledge: RegistrationPledge;
  /** The campaign's country: the country select starts on it (docs/decisions/124). */
  country?: CountryCode;
  /** Called with the registered email just before the form goes to /activate. */
  onRegistered?: (email: string) => void;
};

const FORM_FIELDS = new Set<string>([
  'first_name',
  'last_name',
  'user_address',
  'country',
  'email',
  'password',
  'confirm_password',
  'terms',
  'opt_in_uplift_comms',
  'opt_in_charity_comms',
]);

/**
 * The registration form of product-rules §2 (the pledge wizard's last step for a visitor). Every
 * problem shows at its field on submit and again as the user corrects it; focus moves to the
 * first one. Success creates the account and its Pending pledge, then goes to /activate.
 */
export function RegistrationForm({ pledge, country, onRegistered }: RegistrationFormProps) {
  const navigate = useNavigate();
  const registerAccount = useRegister();
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      user_address: '',
      ...(country ? { country } : {}),
      email: '',
      password: '',
      confirm_password: '',
      terms: false,
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await registerAccount.mutateAsync({
        first_name: values.first_name,
        last_name: values.last_name,
        user_address: values.user_address,
        country: values.country,
        email: values.email,
        password: values.password,
        opt_in_uplift_comms: values.opt_in_uplift_comms,
        opt_in_charity_comms: values.opt_in_charity_comms,
        terms_accepted: true,
        ...pledge,
      });
    } catch (err) {
      showRegisterError(err);
      return;
    }
    rememberRegisteredEmail(values.email);
    onRegistered?.(values.email);
    navigate(paths.activate, { state: { email: values.email } });
  });

  /** product-rules §8: a failed registration reads 'Email already exists' under the email field, except
   * where the server says something the user can act on (see docs/decisions/011). */
  function showRegisterError(err: unknown) {
    if (err instanceof ApiError) {
      if (err.status === 400 && err.code?.startsWith('pledge.')) {
        setFormError(err.message);
        return;
      }
      if (err.status === 400 && err.code === 'validation') {
        const first = (err.body as { errors?: { path: string; message: string }[] } | undefined)?.errors?.[0];
        if (first && FORM_FIELDS.has(first.path)) {
          setError(first.path as Path<RegisterForm>, { message: first.message }, { shouldFocus: true });
          return;
        }
      }
      if (err.status === 429 || err.status >= 500) {
        setFormError(err.message);
        return;
      }
    } else {
      setFormError('We could not reach Uplift. Please check your connection and try again.');
      return;
    }
    setError('email', { message: MSG.emailExists }, { shouldFocus: true });
  }

  return (
    <form className="auth-form registration-form" onSubmit={onSubmit} noValidate aria-label="Register">
      <p className="auth-intro">
        We use these details to manage your pledge and to send you your receipts.
      </p>
      {formError && <Alert>{formError}</Alert>}
      <div className="auth-grid">
        <TextField label="First name*" autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name*" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <TextField label="Address" autoComplete="street-address" error={errors.user_address?.message} {...register('user_address')} />
      <SelectField label="Country*" autoComplete="country" error={errors.country?.message} defaultValue={country ?? ''} {...register('country')}>
        <option value="" disabled>
          {MSG.countryPlaceholder}
        </option>
        {COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {COUNTRIES[code].name}
          </option>
        ))}
      </SelectField>
      <TextField label="Email*" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password*"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A long passphrase is welcome."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm password*"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
      <CheckboxField
        label={
          <>
            I agree to be contacted about the challenge, and to my name, email and pledge details being shared with my
            chosen charity so it can send me a receipt.*
          </>
        }
        error={errors.terms?.message}
        {...register('terms')}
      />
      <CheckboxField
        label={`Yes, I would like to hear from ${BRAND.operator} about future challenges and news.`}
        error={errors.opt_in_uplift_comms?.message}
        {...register('opt_in_uplift_comms')}
      />
      <CheckboxField
        label="Yes, I would like to hear from my chosen charity about its work."
        error={errors.opt_in_charity_comms?.message}
        {...register('opt_in_charity_comms')}
      />
      <p className="auth-small">
        Read how we look after your details in our{' '}
        <a href={paths.privacyPolicy} target="_blank" rel="noopener">
          privacy policy (opens in a new tab)
        </a>
        . Fields marked * are required.
      </p>
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Registering…' : 'Register'}
        </button>
      </div>
      <ul className="form-links auth-links">
        <li>
          <Link to={paths.login}>Already registered? Log in</Link>
        </li>
        <li>
          <Link to={paths.activate}>Activate your account</Link>
        </li>
        <li>
          <Link to={paths.passwordRecovery}>Forgot your password?</Link>
        </li>
      </ul>
    </form>
  );
}
