import type { CountryCode } from '@uplift/core/countries';
import type { Config } from '../../config.ts';
import type { Mailer } from '../mail/index.ts';
import { securityNoticeMail, type AuthChange } from './auth.mails.ts';

export type { AuthChange } from './auth.mails.ts';

/**
 * Mails the account about a change to how it signs in (docs/decisions/151): always, to the
 * account's own address. The mailer records the mail and queues it; it never throws for delivery.
 */
export async function mailAuthChange(
  deps: { mailer: Mailer; config: Pick<Config, 'appUrl'> },
  user: { email: string; first_name: string; country: CountryCode },
  change: AuthChange,
): Promise<void> {
  await deps.mailer.send(user.email, 'security-notice', securityNoticeMail({ firstName: user.first_name, country: user.country, change, appUrl: deps.config.appUrl }));
}
