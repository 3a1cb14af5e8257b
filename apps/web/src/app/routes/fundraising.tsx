import { useLocation, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { preloadable } from '../../lib/preloadable';

// The screens of friends give too (docs/decisions/142): a participant's page /p/{slug} and a
// team /t/{slug} (both rendered on the server with their data), the editor /my-page and the
// campaign's leaderboard /leaderboard (decision 140). One route module for them keeps the app's entry chunk small; each screen is its own chunk, named in
// the server-rendered HTML (app/public-pages.ts) so it is loaded with the app.

const PublicPage = preloadable(() => import('../../features/challenge-pages/components/public-page').then((m) => m.PublicPage));
const TeamPage = preloadable(() => import('../../features/challenge-pages/components/team-page').then((m) => m.TeamPage));
const Leaderboard = preloadable(() => import('../../features/landing/components/leaderboard-page').then((m) => m.LeaderboardPage));
const MyPageEditor = preloadable(() => import('../../features/challenge-pages/components/my-page-editor').then((m) => m.MyPageScreen));

/** The prerender renders in one synchronous pass: the page and team screens are loaded first. */
export async function preloadForPrerender(): Promise<void> {
  await Promise.all([PublicPage.preload(), TeamPage.preload()]);
}

export function Component() {
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  if (pathname === paths.myPage) return <MyPageEditor.Component />;
  if (pathname === paths.leaderboard) return <Leaderboard.Component />;
  if (pathname.startsWith('/t/')) return <TeamPage.Component slug={slug} />;
  return <PublicPage.Component slug={slug} />;
}
