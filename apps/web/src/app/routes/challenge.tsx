import { RegistrationForm } from '../../features/auth/components/registration-form';
import { PledgeWizard } from '../../features/wizard/components/pledge-wizard';

/** /challenge: the pledge wizard, with the accounts feature's registration form as step 5 for a visitor. */
export function Component() {
  return <PledgeWizard renderRegistration={(pledge, country) => <RegistrationForm pledge={pledge} country={country} />} />;
}
