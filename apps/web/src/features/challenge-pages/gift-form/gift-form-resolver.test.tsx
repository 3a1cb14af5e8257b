import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GiftForm } from './gift-form';
import type * as ResolverModule from './gift-form-resolver';

// The gift form's checks arrive as their own chunk when first needed (decision 174): core's gift
// form schema, loaded then. When that chunk cannot be fetched (the connection dropped), "Continue to
// payment" says so and sends nothing.

const failing = vi.hoisted(() => ({ on: false }));
vi.mock('./gift-form-resolver', async (importOriginal) => {
  const real = await importOriginal<typeof ResolverModule>();
  const offline = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
  return {
    loadGiftChecks: () => (failing.on ? offline() : real.loadGiftChecks()),
    giftFormResolver: (country: 'NZ' | 'UK') => {
      const resolver = real.giftFormResolver(country);
      return (...args: Parameters<typeof resolver>) => (failing.on ? offline() : resolver(...args));
    },
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  failing.on = false;
});

/** The form with a name and the given email, "Continue to payment" pressed; what was fetched. */
async function fillAndContinue(email: string) {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  const user = userEvent.setup();
  render(<GiftForm slug="aroha-walks" country="NZ" participantName="Aroha" />);
  await user.type(screen.getByLabelText('Your name'), 'Sam Friend');
  await user.type(screen.getByLabelText('Your email'), email);
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  return fetch;
}

describe('the gift form’s checks, loaded when needed', () => {
  it('check what the friend typed with core’s schema once loaded: a problem at its field, nothing sent', async () => {
    const fetch = await fillAndContinue('not an email');
    expect(await screen.findByText(/email/i, { selector: '.field-error, [id$="-error"]' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('cannot be loaded: the friend is told, nothing is sent, and the details stay', async () => {
    failing.on = true;
    const fetch = await fillAndContinue('sam@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent('The form could not be checked: the connection may have dropped. Please try again.');
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your name')).toHaveValue('Sam Friend');
  });
});
