import { useParams } from 'react-router';
import { PublicPage } from '../../features/challenge-pages/components/public-page';

// A participant's page, /p/{slug}: rendered on the server with its data (docs/decisions/142).
export function Component() {
  const { slug = '' } = useParams();
  return <PublicPage slug={slug} />;
}
