import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAuth } from './require-auth';
import { clearSession, setAccessToken } from './session';
import { renderAt } from '../test/render-at';

// docs/decisions/123: the API refuses an admin's password-only session everywhere but the
// second-factor steps, so every signed-in page sends that admin to /two-factor first.

const token = (claims: object) => `x.${btoa(JSON.stringify({ sub: '9', ...claims }))}.y`;

describe('RequireAuth', () => {
  afterEach(() => clearSession());

  it.each([
    ['a donor page', false],
    ['an admin page', true],
  ])('sends an admin short of the second factor from %s to /two-factor', async (_name, admin) => {
    setAccessToken(token({ permissions: ['ROLE_USER'], two_factor: 'code' }));
    renderAt(<RequireAuth admin={admin}><p>inside</p></RequireAuth>, '/account');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/two-factor');
    expect(screen.queryByText('inside')).toBeNull();
  });

  it('shows a donor page to a donor', () => {
    setAccessToken(token({ permissions: ['ROLE_USER'] }));
    renderAt(<RequireAuth><p>inside</p></RequireAuth>, '/account');
    expect(screen.getByText('inside')).toBeInTheDocument();
  });
});
