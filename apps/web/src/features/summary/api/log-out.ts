import { api } from '../../../lib/api-client';

/** POST /api/auth/logout: revokes the refresh cookie. Best effort: the session is cleared either way. */
export async function logOut(): Promise<void> {
  try {
    await api<unknown>('/api/auth/logout', { method: 'POST' });
  } catch {
    // Signed out in this browser regardless; the refresh token expires on its own.
  }
}
