import type { AccessTokenResponse } from '@uplift/core/schemas/auth';
import type { ErrorResponse } from '@uplift/core/schemas/error';
import { clearSession, getAccessToken, hasSavedAuthFlag, markAnonymous, setAccessToken } from './session';

/** An API failure with the server's `{message, code}`; `message` is safe to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the access token (and refresh it once on a 401). */
  auth?: boolean;
  signal?: AbortSignal;
};

let fetchImpl: typeof fetch = (input, init) => fetch(input, init);

/** The prerender (entry-server.tsx) answers the app's requests in-process instead of over HTTP. */
export function setFetch(impl: typeof fetch): void {
  fetchImpl = impl;
}

async function send(path: string, opts: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetchImpl(path, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: 'include',
    signal: opts.signal,
  });
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    // Any failure should be an ErrorResponse; a proxy's HTML page or an empty body may not be.
    const body = (data ?? {}) as Partial<ErrorResponse>;
    throw new ApiError(response.status, body.message ?? `Request failed (${response.status})`, body.code, data);
  }
  return data as T;
}

let refreshing: Promise<boolean> | undefined;
const REFRESH_TIMEOUT_MS = 20_000;

/**
 * Runs `task` while no other tab of this browser is refreshing. The tabs share the refresh cookie,
 * and a refresh token spent twice ends the session (docs/decisions/109): two tabs opened at once
 * would otherwise both spend it. The second tab's request, made after the first's, carries the
 * cookie the first one received. (Web Locks; a browser without them runs the task at once.)
 */
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return task();
  // TypeScript's lib nests the task's promise in the lock's; at run time it is one promise.
  return navigator.locks.request('uplift.refresh', task).then((result) => result);
}

/** Uses the refresh cookie to get a new access token. Concurrent callers share one request. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      // Bounded, as the other tabs wait for it: a refresh that hangs counts as failed after 20 s.
      const response = await oneTabAtATime(() => send('/api/auth/refresh', { method: 'POST', signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) }, undefined));
      if (!response.ok) {
        clearSession();
        return false;
      }
      const data = (await response.json()) as AccessTokenResponse;
      setAccessToken(data.access_token);
      return true;
    } catch {
      clearSession();
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

/** Restores the session on page load when the user was signed in before. */
export async function restoreSession(): Promise<void> {
  if (hasSavedAuthFlag()) await refreshSession();
  else markAnonymous();
}

/**
 * Calls the API. `T` is the route's response type from core (`z.infer` of its response schema,
 * e.g. `api<Pledge>(...)`): the server checks every answer against that schema before sending
 * it, so this one cast is as safe as the route's contract.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return parse<T>(await authorised(path, opts));
}

/** Sends the request, with the access token when asked (refreshed once on a 401). */
async function authorised(path: string, opts: RequestOptions): Promise<Response> {
  const response = await send(path, opts, opts.auth ? getAccessToken() : undefined);
  if (response.status === 401 && opts.auth && (await refreshSession())) return send(path, opts, getAccessToken());
  return response;
}

/**
 * GET of a file the API answers (lib/download-file.ts), signed in: the response with its body
 * unread, or the API's failure as an ApiError.
 */
export async function apiFile(path: string): Promise<Response> {
  const response = await authorised(path, { auth: true });
  if (!response.ok) await parse(response);
  return response;
}
