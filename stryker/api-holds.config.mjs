// What an admin's hide and a captain's removal hold in place (docs/decisions/154):
// `npm run test:mutation -- api-holds`. Mutated: the hold checks of challenge-pages.service.ts (an
// address held by a hidden page or team, or a hidden page since gone: 52, 105-106, 136-138; a hidden
// page's owner neither renames, publishes, deletes nor makes another: 105, 134-138, 186; a hidden
// team's captain neither leaves, deletes nor makes another team, and the team stays when its last
// member leaves: 161, 181, 187, 315-316, 353; a deleted hidden page's address held: 174; a removed
// member cannot join again: 338, 377-380), their queries (holds.repository.ts) and
// `teamMemberIsShown` (public.sql.ts 26: a team shows and counts its public member pages only).
import { apiTarget } from './api.mjs';

export default apiTarget('holds', {
  mutate: [
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:52-52',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:105-106',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:134-138',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:161-161',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:174-174',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:181-181',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:186-187',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:315-316',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:338-338',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:353-353',
    'apps/api/src/modules/challenge-pages/challenge-pages.service.ts:377-380',
    'apps/api/src/modules/challenge-pages/holds.repository.ts',
    'apps/api/src/modules/challenge-pages/public.sql.ts:26-26',
  ],
  testFiles: ['apps/api/src/modules/challenge-pages/moderation-holds.test.ts'],
});
