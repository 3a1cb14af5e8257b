import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../lib/session';
import { renderAt, stubFetch } from '../../../test/render-at';
import { LoginForm } from './login-form';

// "Continue as {first name}" (docs/decisions/168): one press instead of the password, for the
// browser that registered and activated; the ordinary form everywhere else.

const TOKEN = `x.${btoa(JSON.stringify({ sub: '7', permissions: ['ROLE_USER'] }))}.y`;

describe('the login page\'s "Continue as"', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('offers the first name above the form; one press signs in and goes on with the Pending pledge', async () => {
    const calls = stubFetch({
      'GET /api/auth/continue': { status: 200, body: { first_name: 'Aroha' } },
      'POST /api/auth/continue': { status: 200, body: { access_token: TOKEN } },
      'GET /api/pledge/closest': { status: 200, body: { pledge_status: 'Pending' } },
    });
    renderAt(<LoginForm />, '/login', { notice: 'Your account is activated. Please log in.', email: 'aroha@example.org' });
    const button = await screen.findByRole('button', { name: 'Continue as Aroha' });
    // The password form stays below it, with the focus activation gives it.
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    await userEvent.setup().click(button);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/challenge?step=4');
    expect(getSession()).toMatchObject({ status: 'authenticated', userId: 7 });
    expect(calls.filter((c) => c.url === '/api/auth/continue' && c.method === 'POST')).toHaveLength(1);
  });

  it('shows only the ordinary form when there is nothing to continue', async () => {
    stubFetch({ 'GET /api/auth/continue': { status: 200, body: { first_name: null } } });
    renderAt(<LoginForm />, '/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Continue as/ })).toBeNull());
  });

  it('says so when the press is refused, and leaves the password form', async () => {
    stubFetch({
      'GET /api/auth/continue': { status: 200, body: { first_name: 'Aroha' } },
      'POST /api/auth/continue': { status: 401, body: { message: 'You cannot continue without your password here. Please log in with your email and password.', code: 'auth.continuation_refused' } },
    });
    renderAt(<LoginForm />, '/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue as Aroha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in with your email and password.');
    expect(screen.queryByRole('button', { name: 'Continue as Aroha' })).toBeNull();
    expect(getSession().status).not.toBe('authenticated');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('asks for the second factor of an account that has one', async () => {
    const passwordStep = `x.${btoa(JSON.stringify({ sub: '7', permissions: ['ROLE_USER'], two_factor: 'code' }))}.y`;
    stubFetch({
      'GET /api/auth/continue': { status: 200, body: { first_name: 'Aroha' } },
      'POST /api/auth/continue': { status: 200, body: { access_token: passwordStep, two_factor: 'code' } },
    });
    renderAt(<LoginForm />, '/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue as Aroha' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/two-factor');
  });
});
