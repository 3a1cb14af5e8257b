import { MSG } from '@uplift/core/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as TwoFactorPage } from './two-factor';
import { clearSession, getSession, setAccessToken } from '../../lib/session';
import { renderAt, stubFetch } from '../../test/render-at';

// The admin's second sign-in step: set-up at the first sign-in, the code at every later one.

const token = (claims: object) => `x.${btoa(JSON.stringify({ sub: '9', ...claims }))}.y`;
const PASSWORD_STEP = (step: 'enrol' | 'code') => token({ permissions: ['ROLE_USER'], two_factor: step });
const ADMIN = token({ permissions: ['ROLE_USER', 'ROLE_ADMIN'] });
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

describe('two-factor page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('sets up the authenticator: QR code and key, a wrong code in red under the field, then the recovery codes once', async () => {
    setAccessToken(PASSWORD_STEP('enrol'));
    const calls = stubFetch({
      'POST /api/auth/two-factor/enrolment': { status: 200, body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' } },
      'POST /api/auth/two-factor/enrolment/confirm': [
        { status: 400, body: { message: MSG.twoFactorCodeInvalid, code: 'validation' } },
        { status: 200, body: { access_token: ADMIN, recovery_codes: CODES } },
      ],
    });
    renderAt(<TwoFactorPage />, '/two-factor', { from: '/user-list' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Set up two-factor sign-in');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const field = screen.getByLabelText('Code from your app');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.twoFactorCodeRequired)).toBeInTheDocument();
    await user.type(field, '000 000{Enter}');
    expect(await screen.findByText(MSG.twoFactorCodeInvalid)).toHaveClass('field-error');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // Sent as typed by the schema: spaces and dashes dropped.
    expect(calls.at(-1)!.body).toEqual({ code: '000000' });

    await user.clear(field);
    await user.type(field, '123456{Enter}');
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(getSession()).toMatchObject({ isAdmin: true });
    await user.click(screen.getByRole('button', { name: 'I have saved them: continue' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/user-list');
  });

  it('asks an enrolled admin for the code and goes on once it is right', async () => {
    setAccessToken(PASSWORD_STEP('code'));
    stubFetch({ 'POST /api/auth/two-factor/verify': { status: 200, body: { access_token: ADMIN } } });
    renderAt(<TwoFactorPage />, '/two-factor');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Enter your code');
    await userEvent.setup().type(screen.getByLabelText('Authentication code'), 'ABCDE-FGHJK{Enter}');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/admin');
  });

  it("asks a donor who turned it on for the code, then goes on to the donor's summary (docs/decisions/151)", async () => {
    setAccessToken(PASSWORD_STEP('code'));
    stubFetch({ 'POST /api/auth/two-factor/verify': { status: 200, body: { access_token: token({ permissions: ['ROLE_USER'] }) } } });
    renderAt(<TwoFactorPage />, '/two-factor');
    await userEvent.setup().type(screen.getByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/summary');
  });

  it('shows a limit above the form, and sends a signed-out visitor to log in', async () => {
    setAccessToken(PASSWORD_STEP('code'));
    stubFetch({ 'POST /api/auth/two-factor/verify': { status: 429, body: { message: MSG.tooManyRequests, code: 'auth.rate_limited' } } });
    const { unmount } = renderAt(<TwoFactorPage />, '/two-factor');
    await userEvent.setup().type(screen.getByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tooManyRequests);
    unmount();
    clearSession();
    renderAt(<TwoFactorPage />, '/two-factor');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
  });
});
