// The auth module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { ensureAdmin } from './admin-bootstrap.ts';
export { default as authRoutes } from './auth.routes.ts';
export { anonymiseUser, deleteAuthTokens, listAdminEmails, findUserByEmail, findUserById, insertRefreshToken, lockUser, purgeAuthAttempts, purgeAuthTokens, purgeRefreshTokens, revokeAllRefreshTokens, revokeOtherRefreshFamilies, sessionStateOf, setEmail, setOptIns, setPasswordHash, updateProfile, type UserRow } from './auth.service.ts';
export { deleteAllPasskeys, listPasskeys } from './passkeys.service.ts';
export { hashPassword, newPasswordProblem, refuseWeakPassword, verifyPassword } from './password.ts';
export { clearAttempts, perIpLimit } from './rate-limits.ts';
export { resendActivation } from './resend-activation.service.ts';
export { secondFactorState } from './second-factor.ts';
export { noteSubject, securityEvent, securityEventsPlugin } from './security-events.ts';
export { SecretsKeyError, secretsKeyId } from './secrets.ts';
export { mailAuthChange, type AuthChange } from './security-notices.ts';
export { endSessionsOfUser } from './sessions.ts';
export { recordRequestDevice } from './sessions-list.ts';
export { REFRESH_TTL_MS, hashToken, newToken, refreshCookieName, refreshCookieOptions } from './tokens.ts';
export { resetSecondFactor, rotateSecrets, sealSecretsAtRest } from './two-factor.service.ts';
