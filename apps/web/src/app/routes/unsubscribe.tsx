import { UnsubscribePage } from '../../features/unsubscribe/components/unsubscribe-page';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Stop an email');
  return (
    <section className="page narrow">
      <h1>Stop an email</h1>
      <UnsubscribePage />
    </section>
  );
}
