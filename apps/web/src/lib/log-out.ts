import { api } from './api-client';

/**
 * POST /api/auth/logout: revokes the refresh cookie. Best effort: the caller clears the session
 * either way, and a refresh token that could not be revoked expires on its own.
 */
export async function logOut(): Promise<void> {
  try {
    await api<unknown>('/api/auth/logout', { method: 'POST' });
  } catch {
    // Signed out in this browser regardless.
  }
}
