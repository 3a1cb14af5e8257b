import { RESEND_ACTIVATION_MAX_PER_HOUR } from '@uplift/core/schemas/admin';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { authTokens } from '../../db/schema.ts';
import { conflict, DomainError, notFound } from '../../errors.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { activationMail } from '../auth/auth.mails.ts';
import { findUserById, insertAuthToken } from '../auth/auth.repository.ts';
import { ACTIVATION_TTL_MS, hashToken, newToken } from '../auth/tokens.ts';

const HOUR = 60 * 60_000;

/**
 * Mails a not-activated donor a new activation link (issue 15). Rate limited per account through
 * the activation tokens themselves: at most RESEND_ACTIVATION_MAX_PER_HOUR in the last hour,
 * registration's own included, so an account's mailbox cannot be flooded from the admin screen.
 */
export async function resendActivation(
  deps: { db: Db; clock: Clock; mailer: Mailer; config: Pick<Config, 'appUrl'> },
  userId: number,
): Promise<string> {
  const now = deps.clock.now();
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('user.not_found', `There is no account with id ${userId}`);
  if (user.activated) throw conflict('user.already_activated', 'This account is already activated');
  const [recent] = await deps.db
    .select({ n: count() })
    .from(authTokens)
    .where(and(eq(authTokens.user_id, user.id), eq(authTokens.purpose, 'activation'), gt(authTokens.created_at, new Date(now.getTime() - HOUR))));
  if ((recent?.n ?? 0) >= RESEND_ACTIVATION_MAX_PER_HOUR) {
    throw new DomainError(
      'user.resend_rate_limited',
      429,
      `An activation mail was sent ${RESEND_ACTIVATION_MAX_PER_HOUR} times in the last hour. Please try again later.`,
    );
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
