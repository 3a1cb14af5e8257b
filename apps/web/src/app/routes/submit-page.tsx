import { ThankYouPage } from '../../features/thank-you/components/thank-you-page';
import { RequireAuth } from '../../lib/require-auth';

export function Component() {
  return (
    <RequireAuth>
      <ThankYouPage />
    </RequireAuth>
  );
}
