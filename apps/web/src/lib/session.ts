import { TWO_FACTOR_STEPS, type TwoFactorStep } from '@uplift/core/statuses';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session. The access token lives only in memory (never in storage); a saved
 * flag remembers that the user was signed in, so a reload restores the session through the
 * httpOnly refresh cookie (POST /api/auth/refresh).
 */
export type Session =
  | { status: 'unknown' }
  | { status: 'anonymous' }
  | {
      status: 'authenticated';
      accessToken: string;
      userId: number;
      permissions: string[];
      isAdmin: boolean;
      /** An admin signed in with the password only: the step left before the admin pages (docs/decisions/077). */
      twoFactor?: TwoFactorStep;
    };

const AUTH_FLAG = 'uplift.authenticated';
let session: Session = { status: 'unknown' };
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

type Claims = { sub?: string; permissions?: unknown; two_factor?: unknown };

function decodePayload(token: string): Claims {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as Claims;
  } catch {
    return {};
  }
}

export function getSession(): Session {
  return session;
}

export function getAccessToken(): string | undefined {
  return session.status === 'authenticated' ? session.accessToken : undefined;
}

export function setAccessToken(accessToken: string): void {
  const payload = decodePayload(accessToken);
  const permissions = Array.isArray(payload.permissions) ? payload.permissions.map(String) : [];
  const twoFactor = TWO_FACTOR_STEPS.find((step) => step === payload.two_factor);
  session = {
    status: 'authenticated',
    accessToken,
    userId: Number(payload.sub),
    permissions,
    isAdmin: permissions.includes('ROLE_ADMIN'),
    ...(twoFactor ? { twoFactor } : {}),
  };
  safeStorage(() => localStorage.setItem(AUTH_FLAG, 'true'));
  emit();
}

export function clearSession(): void {
  session = { status: 'anonymous' };
  safeStorage(() => localStorage.removeItem(AUTH_FLAG));
  emit();
}

export function hasSavedAuthFlag(): boolean {
  return safeStorage(() => localStorage.getItem(AUTH_FLAG) === 'true') ?? false;
}

/** Marks the session as known-anonymous without touching storage (used at start-up). */
export function markAnonymous(): void {
  session = { status: 'anonymous' };
  emit();
}

function safeStorage<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined; // private mode or storage disabled: the app still works, just forgets
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the server renders a public page with: nobody is known there (docs/decisions/156). */
const UNKNOWN: Session = { status: 'unknown' };
const serverSession = () => UNKNOWN;

/**
 * The session. A hydrating render sees the server's 'unknown' (the start-up has often marked the
 * visitor anonymous, or restored them, before the app hydrates), then React renders again with
 * the real one: the first render matches the prerendered HTML.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, serverSession);
}
