import { MSG } from '@uplift/core/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { forgetRegisteredEmail, registeredEmail } from '../registered-email';
import { RegistrationForm } from './registration-form';

const pledge = {
  recipient_id: 1,
  challenge_id: 2,
  campaign_id: 3,
  number_of_units: 2,
  cost_per_unit: 5,
  confirmed_amount: 40,
  period: 'weekly' as const,
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name*'), 'Aroha');
  await user.type(screen.getByLabelText('Last name*'), 'Ngata');
  await user.type(screen.getByLabelText('Address'), '1 Queen Street');
  await user.selectOptions(screen.getByLabelText('Country*'), 'NZ');
  await user.type(screen.getByLabelText('Email*'), 'aroha@example.org');
  await user.type(screen.getByLabelText('Password*'), 'a long passphrase');
  await user.type(screen.getByLabelText('Confirm password*'), 'a long passphrase');
  await user.click(screen.getByLabelText(/I agree to be contacted/));
}

describe('RegistrationForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has one action, Register, and each box checks from its label, which follows it', async () => {
    const user = userEvent.setup();
    renderAt(<RegistrationForm pledge={pledge} />, '/challenge');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Register']);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      const label = box.closest('.field')!.querySelector('label')!;
      expect(label.htmlFor).toBe(box.id);
      expect(box.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await user.click(label);
      expect(box).toBeChecked();
    }
  });

  it('shows every required-field message on submit and focuses the first', async () => {
    const user = userEvent.setup();
    renderAt(<RegistrationForm pledge={pledge} />, '/challenge');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    for (const message of [
      MSG.firstNameRequired,
      MSG.lastNameRequired,
      MSG.countryRequired,
      MSG.emailRequired,
      MSG.passwordRequired,
      MSG.confirmPasswordRequired,
      MSG.termsRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First name*')).toHaveFocus();
    expect(screen.getByLabelText('First name*')).toHaveAccessibleDescription(MSG.firstNameRequired);
  });

  it('says what is wrong with the email and passwords, and clears each message as the user corrects it', async () => {
    const user = userEvent.setup();
    renderAt(<RegistrationForm pledge={pledge} />, '/challenge');
    await user.type(screen.getByLabelText('Email*'), 'aroha@');
    await user.type(screen.getByLabelText('Password*'), 'short');
    await user.type(screen.getByLabelText('Confirm password*'), 'different');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordsMustMatch)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email*'), 'example.org');
    await waitFor(() => expect(screen.queryByText(MSG.emailInvalid)).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Password*'), ' enough');
    await waitFor(() => expect(screen.queryByText(MSG.passwordTooShort)).not.toBeInTheDocument());
  });

  it('registers with the pledge and the consent, then goes to /activate (Enter submits)', async () => {
    const calls = stubFetch({ 'POST /api/auth/register': { status: 201, body: { message: 'ok' } } });
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderAt(<RegistrationForm pledge={pledge} onRegistered={onRegistered} />, '/challenge');
    await fillValid(user);
    await user.type(screen.getByLabelText('Confirm password*'), '{Enter}');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/activate');
    expect(onRegistered).toHaveBeenCalledWith('aroha@example.org');
    expect(calls[0]!.body).toEqual({
      first_name: 'Aroha',
      last_name: 'Ngata',
      user_address: '1 Queen Street',
      country: 'NZ',
      email: 'aroha@example.org',
      password: 'a long passphrase',
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
      terms_accepted: true,
      ...pledge,
    });
  });

  it("shows 'Email already exists' under the email when registration fails", async () => {
    stubFetch({ 'POST /api/auth/register': { status: 409, body: { message: MSG.emailExists, code: 'auth.email_exists' } } });
    const user = userEvent.setup();
    renderAt(<RegistrationForm pledge={pledge} />, '/challenge');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MSG.emailExists)).toBeInTheDocument();
    expect(screen.getByLabelText('Email*')).toHaveAccessibleDescription(MSG.emailExists);
    expect(screen.getByLabelText('Email*')).toHaveFocus();
  });

  it("shows the server's message for a pledge it refuses", async () => {
    stubFetch({
      'POST /api/auth/register': { status: 400, body: { message: 'That campaign is not open for pledges', code: 'pledge.campaign_closed' } },
    });
    const user = userEvent.setup();
    renderAt(<RegistrationForm pledge={pledge} />, '/challenge');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That campaign is not open for pledges');
    expect(screen.queryByText(MSG.emailExists)).not.toBeInTheDocument();
  });

  it('shows a password the server refuses as too common at the password field', async () => {
    const refused = { message: MSG.passwordTooCommon, code: 'validation', errors: [{ path: 'password', message: MSG.passwordTooCommon }] };
    stubFetch({ 'POST /api/auth/register': { status: 400, body: refused } });
    const user = userEvent.setup();
    renderAt(<RegistrationForm pledge={pledge} />, '/challenge');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MSG.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('Password*')).toHaveFocus();
    expect(screen.queryByText(MSG.emailExists)).not.toBeInTheDocument();
  });

  it('has the privacy policy and the login, activate and recovery links', () => {
    renderAt(<RegistrationForm pledge={pledge} />, '/challenge');
    expect(screen.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: /Log in/ })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: /Activate/ })).toHaveAttribute('href', '/activate');
    expect(screen.getByRole('link', { name: /Forgot/ })).toHaveAttribute('href', '/password-recovery');
    expect(screen.getByLabelText('Country*')).toHaveDisplayValue(MSG.countryPlaceholder);
  });

  it("starts the country on the campaign's, registers with it untouched, and remembers the email for the login after activation", async () => {
    const calls = stubFetch({ 'POST /api/auth/register': { status: 201, body: { message: 'ok' } } });
    const user = userEvent.setup();
    renderAt(<RegistrationForm pledge={pledge} country="UK" />, '/challenge');
    expect(screen.getByLabelText('Country*')).toHaveValue('UK');
    await user.type(screen.getByLabelText('First name*'), 'Aroha');
    await user.type(screen.getByLabelText('Last name*'), 'Ngata');
    await user.type(screen.getByLabelText('Email*'), 'aroha@example.org');
    await user.type(screen.getByLabelText('Password*'), 'a long passphrase');
    await user.type(screen.getByLabelText('Confirm password*'), 'a long passphrase');
    await user.click(screen.getByLabelText(/I agree to be contacted/));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/activate');
    expect(calls[0]!.body).toMatchObject({ country: 'UK', email: 'aroha@example.org' });
    expect(registeredEmail()).toBe('aroha@example.org');
    forgetRegisteredEmail();
  });
});
