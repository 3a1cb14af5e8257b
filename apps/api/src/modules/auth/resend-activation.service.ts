import { RESEND_ACTIVATION_MAX_PER_HOUR } from '@uplift/core/schemas/admin';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail/index.ts';
import { authErrors } from './auth.errors.ts';
import { activationMail } from './auth.mails.ts';
import { countActivationTokensSince, findUserById, insertAuthToken } from './auth.repository.ts';
import { ACTIVATION_TTL_MS, hashToken, newToken } from './tokens.ts';

const HOUR = 60 * 60_000;

/**
 * Mails a not-activated donor a new activation link (docs/decisions/057). Rate limited per account through
 * the activation tokens themselves: at most RESEND_ACTIVATION_MAX_PER_HOUR in the last hour,
 * registration's own included, so an account's mailbox cannot be flooded from the admin screen.
 */
export async function resendActivation(
  deps: { db: Db; clock: Clock; mailer: Mailer; config: Pick<Config, 'appUrl'> },
  userId: number,
): Promise<string> {
  const now = deps.clock.now();
  const user = await findUserById(deps.db, userId);
  if (!user) throw authErrors.userNotFound({ id: userId });
  if (user.erased_at) throw authErrors.accountErased();
  if (user.activated) throw authErrors.alreadyActivated();
  if ((await countActivationTokensSince(deps.db, user.id, new Date(now.getTime() - HOUR))) >= RESEND_ACTIVATION_MAX_PER_HOUR) {
    throw authErrors.resendRateLimited();
  }
  const token = newToken();
  await insertAuthToken(deps.db, {
    user_id: user.id,
    purpose: 'activation',
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + ACTIVATION_TTL_MS),
    created_at: now,
  });
  await deps.mailer.send(user.email, 'activation', activationMail({ firstName: user.first_name, country: user.country, token, appUrl: deps.config.appUrl }));
  return `Activation mail sent to ${user.email}`;
}
