import { MyPageEditor } from '../../features/challenge-pages/components/my-page-editor';
import { RequireAuth } from '../../lib/require-auth';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Your challenge page');
  return (
    <RequireAuth>
      <MyPageEditor />
    </RequireAuth>
  );
}
