import { ComingSoon } from '../../features/pages/components/coming-soon';

export function Component() {
  return <ComingSoon title="Privacy policy" />;
}
