import { MSG } from '@uplift/core/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../lib/session';
import { renderAt, stubFetch } from '../../../test/render-at';
import { registeredEmail, rememberRegisteredEmail } from '../registered-email';
import { LoginForm } from './login-form';

// A token whose payload says user 7 with ROLE_USER (the signature is not checked in the browser).
const TOKEN = `x.${btoa(JSON.stringify({ sub: '7', permissions: ['ROLE_USER'] }))}.y`;

async function logIn(email = 'aroha@example.org', password = 'a long passphrase') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
}

describe('LoginForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('needs an email and a password', async () => {
    renderAt(<LoginForm />, '/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
  });

  it("says 'Login details incorrect' when the server refuses", async () => {
    stubFetch({ 'POST /api/auth/login': { status: 401, body: { message: MSG.loginFailed } } });
    renderAt(<LoginForm />, '/login');
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
    expect(getSession().status).not.toBe('authenticated');
  });

  it('tells an unactivated user to activate, with a link', async () => {
    stubFetch({
      'POST /api/auth/login': { status: 403, body: { message: 'Your account is not activated yet.', code: 'auth.not_activated' } },
    });
    renderAt(<LoginForm />, '/login');
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not activated yet.');
    expect(screen.getAllByRole('link', { name: 'Activate your account' })[0]).toHaveAttribute('href', '/activate');
  });

  it.each([
    [{ status: 200, body: { pledge_status: 'Confirmed' } }, '/summary'],
    [{ status: 200, body: { pledge_status: 'Pending' } }, '/challenge?step=4'],
    [{ status: 200, body: { pledge_status: 'Cancelled' } }, '/challenge'],
    [{ status: 404, body: { message: MSG.noPledges } }, '/challenge'],
    [{ status: 500, body: { message: 'boom' } }, '/challenge'],
  ])('after login routes by pledge status (%j → %s)', async (closest, path) => {
    const calls = stubFetch({
      'POST /api/auth/login': { status: 200, body: { access_token: TOKEN } },
      'GET /api/pledge/closest': closest,
      'POST /api/auth/refresh': { status: 401, body: { message: 'no' } },
    });
    renderAt(<LoginForm />, '/login');
    await logIn();
    expect(await screen.findByTestId('landed')).toHaveTextContent(path);
    const closestCall = calls.find((c) => c.url === '/api/pledge/closest')!;
    expect(closestCall.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('returns to the protected page that sent the user here', async () => {
    stubFetch({
      'POST /api/auth/login': { status: 200, body: { access_token: TOKEN } },
      'GET /api/pledge/closest': { status: 200, body: { pledge_status: 'Pending' } },
    });
    renderAt(<LoginForm />, '/login', { from: '/admin' });
    await logIn();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/admin');
    expect(getSession()).toMatchObject({ status: 'authenticated', userId: 7 });
  });

  it("sends an admin who gave only the password to the second factor, then on to where they were going", async () => {
    const passwordStep = `x.${btoa(JSON.stringify({ sub: '9', permissions: ['ROLE_USER'], two_factor: 'code' }))}.y`;
    stubFetch({ 'POST /api/auth/login': { status: 200, body: { access_token: passwordStep, two_factor: 'code' } } });
    renderAt(<LoginForm />, '/login');
    await logIn();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/two-factor');
    expect(getSession()).toMatchObject({ status: 'authenticated', isAdmin: false, twoFactor: 'code' });
  });

  it('the Register button goes to the pledge wizard', async () => {
    renderAt(<LoginForm />, '/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/challenge');
  });

  it('after activation: the notice, the email filled in and focus on the password; then the payment step of the Pending pledge', async () => {
    stubFetch({
      'POST /api/auth/login': { status: 200, body: { access_token: TOKEN } },
      'GET /api/pledge/closest': { status: 200, body: { pledge_status: 'Pending' } },
    });
    rememberRegisteredEmail('aroha@example.org');
    renderAt(<LoginForm />, '/login', { notice: 'Your account is activated. Please log in.', email: 'aroha@example.org' });
    expect(screen.getByRole('status')).toHaveTextContent('Your account is activated. Please log in.');
    expect(screen.getByLabelText('Email')).toHaveValue('aroha@example.org');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    await userEvent.setup().keyboard('a long passphrase{Enter}');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/challenge?step=4');
    // Logged in, the remembered email is no longer kept.
    expect(registeredEmail()).toBeUndefined();
  });
});
