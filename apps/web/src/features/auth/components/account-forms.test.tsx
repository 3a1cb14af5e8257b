import { MSG } from '@uplift/core/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { forgetRegisteredEmail, rememberRegisteredEmail } from '../registered-email';
import { ACTIVATED_NOTICE, ActivateForm } from './activate-form';
import { RecoverForm } from './recover-form';
import { ResetForm } from './reset-form';

afterEach(() => vi.unstubAllGlobals());

describe('ActivateForm', () => {
  it('activates at once from the mailed link (?token=), once even under StrictMode, then goes to /login', async () => {
    const calls = stubFetch({ 'GET /api/auth/activate': { status: 200, body: { message: 'ok' } } });
    renderAt(
      <StrictMode>
        <ActivateForm />
      </StrictMode>,
      '/activate?token=abc123',
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/auth/activate?activation_token=abc123');
  });

  it("keeps the link's token in the masked field and says 'Not a valid token' when the server refuses it", async () => {
    const calls = stubFetch({ 'GET /api/auth/activate': { status: 400, body: { message: MSG.invalidToken } } });
    renderAt(<ActivateForm />, '/activate?token=abc123');
    expect(await screen.findByText(MSG.invalidToken)).toBeInTheDocument();
    const field = screen.getByLabelText('Activation token');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveValue('abc123');
    expect(field).toHaveAccessibleDescription(/Check your email/);
    expect(screen.getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(calls).toHaveLength(1);
  });

  it('activates a typed token with the Activate button, then goes to /login', async () => {
    const calls = stubFetch({ 'GET /api/auth/activate': { status: 200, body: { message: 'ok' } } });
    const user = userEvent.setup();
    renderAt(<ActivateForm />, '/activate');
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Activation token'), 'abc123');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
    expect(calls[0]!.url).toBe('/api/auth/activate?activation_token=abc123');
  });

  it('passes on the email this browser registered with, for the login that follows', async () => {
    stubFetch({ 'GET /api/auth/activate': { status: 200, body: { message: 'ok' } } });
    rememberRegisteredEmail('aroha@example.org');
    let arrived: unknown;
    function Login() {
      arrived = useLocation().state;
      return <p>login page</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/activate?token=abc123']}>
          <Routes>
            <Route path="/activate" element={<ActivateForm />} />
            <Route path="/login" element={<Login />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(arrived).toEqual({ notice: ACTIVATED_NOTICE, email: 'aroha@example.org' });
    forgetRegisteredEmail();
  });

  it("needs a token, and says 'Not a valid token' when the server refuses it", async () => {
    stubFetch({ 'GET /api/auth/activate': { status: 400, body: { message: MSG.invalidToken } } });
    const user = userEvent.setup();
    renderAt(<ActivateForm />, '/activate');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(MSG.tokenRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Activation token'), 'wrong{Enter}');
    expect(await screen.findByText(MSG.invalidToken)).toBeInTheDocument();
  });
});

describe('RecoverForm', () => {
  it('needs an email', async () => {
    renderAt(<RecoverForm />, '/password-recovery');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Recover' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
  });

  it("says 'Not a valid email' for a malformed address, without asking the server (product-rules §8)", async () => {
    const calls = stubFetch({ 'POST /api/auth/forgot': { status: 200, body: { message: 'ok' } } });
    const user = userEvent.setup();
    renderAt(<RecoverForm />, '/password-recovery');
    await user.type(screen.getByLabelText('Email'), 'someone@{Enter}');
    expect(await screen.findByText('Not a valid email')).toBeInTheDocument();
    expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Not a valid email');
    expect(calls).toHaveLength(0);
  });

  it("says 'Not a valid email' when the server refuses", async () => {
    stubFetch({ 'POST /api/auth/forgot': { status: 400, body: { message: MSG.invalidEmail } } });
    const user = userEvent.setup();
    renderAt(<RecoverForm />, '/password-recovery');
    await user.type(screen.getByLabelText('Email'), 'someone@example.org{Enter}');
    expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument();
  });

  it('shows the message, then goes to /reset-password after 1.5 s', async () => {
    stubFetch({ 'POST /api/auth/forgot': { status: 200, body: { message: 'ok' } } });
    const user = userEvent.setup();
    renderAt(<RecoverForm />, '/password-recovery');
    await user.type(screen.getByLabelText('Email'), 'someone@example.org{Enter}');
    expect(await screen.findByText(MSG.recoverSuccess)).toBeInTheDocument();
    const shown = Date.now();
    expect(await screen.findByTestId('landed', {}, { timeout: 3000 })).toHaveTextContent('/reset-password');
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1400);
  });
});

describe('ResetForm', () => {
  it('checks every field with the messages of product-rules §5', async () => {
    const user = userEvent.setup();
    renderAt(<ResetForm />, '/reset-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MSG.tokenRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmPasswordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    expect(await screen.findByText(MSG.passwordTooShort)).toBeInTheDocument();
    expect(await screen.findByText(MSG.passwordsMustMatch)).toBeInTheDocument();
  });

  it("prefills the token from ?token=, says 'Not a valid token' when refused, and succeeds with a good one", async () => {
    const calls = stubFetch({
      'POST /api/auth/reset': [
        { status: 400, body: { message: MSG.invalidToken } },
        { status: 200, body: { message: 'ok' } },
      ],
    });
    const user = userEvent.setup();
    renderAt(<ResetForm />, '/reset-password?token=tok');
    expect(screen.getByLabelText('Reset token')).toHaveValue('tok');
    await user.type(screen.getByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase{Enter}');
    expect(await screen.findByText(MSG.invalidToken)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MSG.resetSuccess)).toBeInTheDocument();
    expect(await screen.findByTestId('landed', {}, { timeout: 3000 })).toHaveTextContent('/login');
    expect(calls.at(-1)!.body).toEqual({ reset_token: 'tok', new_password: 'a new passphrase' });
  });

  it('shows a password the server refuses as too common at the new password field', async () => {
    const refused = { message: MSG.passwordTooCommon, code: 'validation', errors: [{ path: 'new_password', message: MSG.passwordTooCommon }] };
    stubFetch({ 'POST /api/auth/reset': { status: 400, body: refused } });
    const user = userEvent.setup();
    renderAt(<ResetForm />, '/reset-password?token=tok');
    await user.type(screen.getByLabelText('New password'), 'password1');
    await user.type(screen.getByLabelText('Confirm new password'), 'password1{Enter}');
    expect(await screen.findByText(MSG.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(MSG.passwordTooCommon));
    expect(screen.queryByText(MSG.invalidToken)).not.toBeInTheDocument();
  });
});
