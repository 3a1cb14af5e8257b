import { MSG } from '@uplift/core/messages';
import { badRequest, conflict, DomainError, unauthorized } from '../../errors.ts';

// The account module's answers, each with a stable code. Texts are product-rules' where it has one.

export const emailExists = () => conflict('auth.email_exists', MSG.emailExists);
export const invalidToken = () => badRequest('auth.invalid_token', MSG.invalidToken);
export const loginFailed = () => new DomainError('auth.login_failed', 401, MSG.loginFailed);
/** The password was right but the account is not activated yet (docs/decisions/010). */
export const NOT_ACTIVATED_MESSAGE =
  'Your account is not activated yet. Please activate it with the token we emailed you when you registered.';
export const notActivated = () => new DomainError('auth.not_activated', 403, NOT_ACTIVATED_MESSAGE);
export const sessionEnded = () => unauthorized('Your session has ended. Please log in again.');
