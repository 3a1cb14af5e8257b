import { MSG } from '@uplift/core/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { ActivateForm } from './activate-form';
import { RecoverForm } from './recover-form';
import { ResetForm } from './reset-form';

afterEach(() => vi.unstubAllGlobals());

describe('ActivateForm', () => {
  it('prefills the masked token from ?token= and activates, then goes to /login', async () => {
    const calls = stubFetch({ 'GET /api/auth/activate': { status: 200, body: { message: 'ok' } } });
    renderAt(<ActivateForm />, '/activate?token=abc123');
    const field = screen.getByLabelText('Activation token');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveValue('abc123');
    expect(field).toHaveAccessibleDescription(/Check your email/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
    expect(calls[0]!.url).toBe('/api/auth/activate?activation_token=abc123');
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
