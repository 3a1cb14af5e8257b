import { PrivacyPolicyPage } from '../../features/pages/components/privacy-policy-page';

export function Component() {
  return <PrivacyPolicyPage />;
}
