import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { PasskeysSection } from './passkeys-section';

// The account's passkeys (docs/decisions/131-passkeys-and-secrets-at-rest.md): the browser's
// WebAuthn call is stubbed, the API is answered through fetch.

const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: (...args: unknown[]) => startRegistration(...args) }));

const laptop = { id: 4, name: 'Laptop', created_at: '2026-11-20T01:00:00.000Z', last_used_at: '2026-11-23T01:00:00.000Z' };
const phone = { id: 5, name: 'My phone', created_at: '2026-11-23T01:00:00.000Z', last_used_at: null };
const CREATED = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'a', attestationObject: 'b' }, clientExtensionResults: {} };

beforeAll(() => {
  // jsdom has no modal dialogs; the shared Dialog only needs these two to toggle `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('PasskeysSection', () => {
  beforeEach(() => {
    startRegistration.mockReset();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each passkey with its name, when it was added and last used', async () => {
    stubFetch({ 'GET /api/auth/passkeys': { status: 200, body: { passkeys: [laptop, phone] } } });
    renderAt(<PasskeysSection account={{ country: 'NZ' }} />, '/account');
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Laptop');
    expect(first).toHaveTextContent('Added Friday 20 November 2026');
    expect(first).toHaveTextContent('Last used Monday 23 November 2026');
    expect(second).toHaveTextContent('Not used yet');
  });

  it('adds a passkey under its name (the browser makes it), and refuses an empty name on the field', async () => {
    startRegistration.mockResolvedValue(CREATED);
    const calls = stubFetch({
      'GET /api/auth/passkeys': [{ status: 200, body: { passkeys: [] } }, { status: 200, body: { passkeys: [phone] } }],
      'POST /api/auth/passkeys/registration/options': { status: 200, body: { challenge: 'xyz', rp: { id: 'localhost' } } },
      'POST /api/auth/passkeys/registration/verify': { status: 201, body: phone },
    });
    const user = userEvent.setup();
    renderAt(<PasskeysSection account={{ country: 'NZ' }} />, '/account');
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Please give the passkey a name')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Passkey name'), '  My phone ');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey “My phone” added. You can now log in with it.')).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz', rp: { id: 'localhost' } } });
    expect(calls.find((c) => c.url.endsWith('/registration/verify'))!.body).toEqual({ name: 'My phone', response: CREATED });
    expect(await screen.findByRole('list', { name: 'Your passkeys' })).toHaveTextContent('My phone');
  });

  it('says plainly when the person cancels the browser step', async () => {
    startRegistration.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    stubFetch({
      'GET /api/auth/passkeys': { status: 200, body: { passkeys: [] } },
      'POST /api/auth/passkeys/registration/options': { status: 200, body: { challenge: 'xyz' } },
    });
    const user = userEvent.setup();
    renderAt(<PasskeysSection account={{ country: 'NZ' }} />, '/account');
    await user.type(await screen.findByLabelText('Passkey name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey was not added: the request was cancelled or timed out.');
  });

  it('removes a passkey', async () => {
    const calls = stubFetch({
      'GET /api/auth/passkeys': [{ status: 200, body: { passkeys: [laptop] } }, { status: 200, body: { passkeys: [] } }],
      'DELETE /api/auth/passkeys/4': { status: 200, body: { message: 'The passkey was removed.' } },
    });
    renderAt(<PasskeysSection account={{ country: 'NZ' }} />, '/account');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Remove passkey Laptop' }));
    expect(await screen.findByText('Passkey “Laptop” removed.')).toBeInTheDocument();
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/passkeys/4')).toBe(true);
  });

  // docs/decisions/151: a change to how the account signs in needs the password typed again.
  const STEP_UP = { status: 403, body: { code: 'auth.step_up_required', message: 'Please confirm it is you: enter your password again to make this change.' } };

  it('asks for the password again when the server wants it, then adds the passkey', async () => {
    startRegistration.mockResolvedValue(CREATED);
    const calls = stubFetch({
      'GET /api/auth/passkeys': [{ status: 200, body: { passkeys: [] } }, { status: 200, body: { passkeys: [phone] } }],
      'POST /api/auth/passkeys/registration/options': [STEP_UP, { status: 200, body: { challenge: 'xyz' } }],
      'POST /api/auth/step-up': [
        { status: 403, body: { code: 'auth.step_up_failed', message: 'Password is incorrect' } },
        { status: 200, body: { message: 'Thank you: you can make the change now.', fresh_until: '2026-11-23T01:05:00.000Z' } },
      ],
      'POST /api/auth/passkeys/registration/verify': { status: 201, body: phone },
    });
    const user = userEvent.setup();
    renderAt(<PasskeysSection account={{ country: 'NZ' }} />, '/account');
    await user.type(await screen.findByLabelText('Passkey name'), 'My phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(startRegistration).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Password is incorrect')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'my real password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Passkey “My phone” added. You can now log in with it.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/step-up').map((c) => c.body)).toEqual([{ password: 'wrong one' }, { password: 'my real password' }]);
    expect(calls.filter((c) => c.url.endsWith('/registration/options'))).toHaveLength(2);
    expect(startRegistration).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when the password dialog is cancelled, and says so', async () => {
    const calls = stubFetch({
      'GET /api/auth/passkeys': { status: 200, body: { passkeys: [laptop] } },
      'DELETE /api/auth/passkeys/4': STEP_UP,
    });
    const user = userEvent.setup();
    renderAt(<PasskeysSection account={{ country: 'NZ' }} />, '/account');
    await user.click(await screen.findByRole('button', { name: 'Remove passkey Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was changed: your password was not confirmed.');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
