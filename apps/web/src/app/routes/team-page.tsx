import { useParams } from 'react-router';
import { TeamPage } from '../../features/challenge-pages/components/team-page';

// A team's page, /t/{slug}: rendered on the server with its data (docs/decisions/142).
export function Component() {
  const { slug = '' } = useParams();
  return <TeamPage slug={slug} />;
}
