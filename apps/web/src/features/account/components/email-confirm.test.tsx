import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailConfirm } from './email-confirm';
import { clearSession, setAccessToken } from '../../../lib/session';
import { renderAt, stubFetch } from '../../../test/render-at';

// The email-change link: the confirmation ends every other sign-in of the account, so a signed-in
// browser sends its access token, to be the sign-in kept (docs/decisions/123).

const DONOR = `x.${btoa(JSON.stringify({ sub: '9', permissions: ['ROLE_USER'] }))}.y`;
const reply = { 'POST /api/account/email/confirm': { status: 200, body: { message: 'Your email address has been changed.' } } };

describe('EmailConfirm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('sends the access token of a signed-in browser with the link token', async () => {
    setAccessToken(DONOR);
    const calls = stubFetch(reply);
    renderAt(<EmailConfirm token="link-token" />, '/account?email_token=link-token');
    expect(await screen.findByText('Your email address has been changed. Use it the next time you log in.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { token: 'link-token' }, headers: { authorization: `Bearer ${DONOR}` } });
  });

  it('sends the link token alone from a browser not signed in', async () => {
    clearSession();
    const calls = stubFetch(reply);
    renderAt(<EmailConfirm token="link-token" />, '/account?email_token=link-token');
    expect(await screen.findByText('Your email address has been changed. Use it the next time you log in.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });
});
