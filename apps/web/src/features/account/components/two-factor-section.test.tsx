import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { TwoFactorSection } from './two-factor-section';

// A donor's two-factor sign-in from /account (docs/decisions/151): each change asks for the
// password again when the server wants it; the recovery codes are shown once.

beforeAll(() => {
  // jsdom has no modal dialogs; the shared Dialog only needs these two to toggle `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => vi.unstubAllGlobals());

const STEP_UP = { status: 403, body: { code: 'auth.step_up_required', message: 'Please confirm it is you: enter your password again to make this change.' } };
const CODES = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq', 'rrrrr-sssss', 'ttttt-uuuuu', 'vvvvv-wwwww'];
const TOKEN = `x.${btoa(JSON.stringify({ sub: '7', permissions: ['ROLE_USER'] }))}.y`;

describe('TwoFactorSection', () => {
  it('sets it up after the password is asked again: the QR code, the first code, then the recovery codes once', async () => {
    const calls = stubFetch({
      'GET /api/auth/two-factor': [{ status: 200, body: { enabled: false, required: false, recovery_codes_left: 0 } }, { status: 200, body: { enabled: true, required: false, recovery_codes_left: 10 } }],
      'POST /api/auth/two-factor/enrolment': [STEP_UP, { status: 200, body: { secret: 'ABCDEFGHIJKLMNOP', otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,AAAA' } }],
      'POST /api/auth/step-up': { status: 200, body: { message: 'Thank you: you can make the change now.', fresh_until: '2026-11-23T01:05:00.000Z' } },
      'POST /api/auth/two-factor/enrolment/confirm': [
        { status: 400, body: { code: 'validation', message: 'That code is not right. Please try again.' } },
        { status: 200, body: { access_token: TOKEN, recovery_codes: CODES } },
      ],
    });
    const user = userEvent.setup();
    renderAt(<TwoFactorSection />, '/account');
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('img', { name: 'QR code to add Uplift to your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('ABCD EFGH IJKL MNOP')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Code from your app/), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not right. Please try again.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Code from your app/));
    await user.type(screen.getByLabelText(/Code from your app/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.filter((c) => c.url === '/api/auth/two-factor/enrolment/confirm').at(-1)!.body).toEqual({ code: '123 456' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/Two-factor sign-in is on: signing in asks for a code/)).toHaveTextContent('10 recovery codes left.');
  });

  it("turns it off after the password, and offers no way off to an admin", async () => {
    stubFetch({
      'GET /api/auth/two-factor': [{ status: 200, body: { enabled: true, required: false, recovery_codes_left: 3 } }, { status: 200, body: { enabled: false, required: false, recovery_codes_left: 0 } }],
      'DELETE /api/auth/two-factor': [STEP_UP, { status: 200, body: { message: 'Two-factor sign-in is off.' } }],
      'POST /api/auth/step-up': { status: 200, body: { message: 'ok', fresh_until: '2026-11-23T01:05:00.000Z' } },
    });
    const user = userEvent.setup();
    renderAt(<TwoFactorSection />, '/account');
    expect(await screen.findByText(/3 recovery codes left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });

  it('an admin keeps it: new recovery codes, no way to turn it off', async () => {
    stubFetch({ 'GET /api/auth/two-factor': { status: 200, body: { enabled: true, required: true, recovery_codes_left: 1 } } });
    renderAt(<TwoFactorSection />, '/account');
    expect(await screen.findByText(/1 recovery code left/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make new recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull();
    expect(screen.getByText('An admin account always signs in with two-factor sign-in.')).toBeInTheDocument();
  });
});
