import { LeaderboardPage } from '../../features/landing/components/leaderboard-page';

export function Component() {
  return <LeaderboardPage />;
}
