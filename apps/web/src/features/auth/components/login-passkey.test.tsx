import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../lib/session';
import { renderAt, stubFetch } from '../../../test/render-at';
import { LoginForm } from './login-form';

// "Sign in with a passkey" on /login (docs/decisions/131-passkeys-and-secrets-at-rest.md). The
// browser's WebAuthn call is stubbed; the API calls go through fetch as in the app.

const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: (...args: unknown[]) => startAuthentication(...args) }));

const TOKEN = `x.${btoa(JSON.stringify({ sub: '7', permissions: ['ROLE_USER'] }))}.y`;
const ADMIN_TOKEN = `x.${btoa(JSON.stringify({ sub: '1', permissions: ['ROLE_USER', 'ROLE_ADMIN'] }))}.y`;
const OPTIONS = { challenge: 'abc', rpId: 'localhost', userVerification: 'required' };
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'a', authenticatorData: 'b', signature: 'c' }, clientExtensionResults: {} };

describe('LoginForm with a passkey', () => {
  beforeEach(() => startAuthentication.mockReset());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('signs in with the passkey alone: options, the browser, then the answer; no password typed', async () => {
    startAuthentication.mockResolvedValue(ASSERTION);
    const calls = stubFetch({
      'POST /api/auth/passkeys/authentication/options': { status: 200, body: OPTIONS },
      'POST /api/auth/passkeys/authentication/verify': { status: 200, body: { access_token: TOKEN } },
      'GET /api/pledge/closest': { status: 200, body: { pledge_status: 'Confirmed' } },
      'POST /api/auth/refresh': { status: 401, body: { message: 'no' } },
    });
    renderAt(<LoginForm />, '/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/summary');
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(calls.find((c) => c.url.endsWith('/authentication/verify'))!.body).toEqual({ response: ASSERTION });
    expect(getSession().status).toBe('authenticated');
  });

  it("takes an admin straight to the admin page: the passkey was the second factor", async () => {
    startAuthentication.mockResolvedValue(ASSERTION);
    stubFetch({
      'POST /api/auth/passkeys/authentication/options': { status: 200, body: OPTIONS },
      'POST /api/auth/passkeys/authentication/verify': { status: 200, body: { access_token: ADMIN_TOKEN } },
      'GET /api/pledge/closest': { status: 404, body: { message: 'none' } },
      'POST /api/auth/refresh': { status: 401, body: { message: 'no' } },
    });
    renderAt(<LoginForm />, '/login', { from: '/admin' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/admin');
  });

  it('says so when the person cancels, and when the server refuses the passkey', async () => {
    startAuthentication.mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    stubFetch({
      'POST /api/auth/passkeys/authentication/options': { status: 200, body: OPTIONS },
      'POST /api/auth/passkeys/authentication/verify': { status: 401, body: { message: 'That passkey could not be used to sign in. Please try again, or log in with your password.', code: 'auth.passkey_refused' } },
    });
    renderAt(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was used: the request was cancelled or timed out. You can log in with your password.');
    startAuthentication.mockResolvedValueOnce(ASSERTION);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(/That passkey could not be used to sign in/)).toBeInTheDocument();
    expect(getSession().status).not.toBe('authenticated');
  });
});
