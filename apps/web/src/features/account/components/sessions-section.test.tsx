import type { AccountSessions } from '@uplift/core/schemas/sessions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { SessionsSection } from './sessions-section';

afterEach(() => vi.unstubAllGlobals());

const LAPTOP = '0b8a3c1e-4f6d-4a51-9a0e-2b7c5d9e1f01';
const PHONE = '7c2d9e4f-1a3b-4c5d-8e6f-0a1b2c3d4e5f';
const list: AccountSessions = {
  sessions: [
    { id: LAPTOP, browser: 'Firefox 133', system: 'Windows', country: 'NZ', signed_in_at: '2026-11-20T01:00:00.000Z', last_used_at: '2026-11-23T01:00:00.000Z', current: true },
    { id: PHONE, browser: 'Safari 18', system: 'iOS', country: 'GB', signed_in_at: '2026-11-21T01:00:00.000Z', last_used_at: '2026-11-22T01:00:00.000Z', current: false },
  ],
};

describe('SessionsSection', () => {
  it('lists each device with its browser, system, country and dates, this one marked and not offered a sign-out', async () => {
    stubFetch({ 'GET /api/account/sessions': { status: 200, body: list } });
    renderAt(<SessionsSection country="NZ" />, '/account');
    const laptop = await screen.findByRole('listitem', { name: 'Firefox 133 on Windows' });
    expect(within(laptop).getByText('This device')).toBeInTheDocument();
    // Days and times in the account's country (New Zealand: 01:00 UTC is 2 pm there in November).
    expect(within(laptop).getByText('New Zealand · Signed in Friday 20 November 2026, 2:00 pm · Last used Monday 23 November 2026, 2:00 pm')).toBeInTheDocument();
    expect(within(laptop).queryByRole('button', { name: /^Sign out/ })).toBeNull();
    const phone = screen.getByRole('listitem', { name: 'Safari 18 on iOS' });
    expect(within(phone).getByText('United Kingdom · Signed in Saturday 21 November 2026, 2:00 pm · Last used Sunday 22 November 2026, 2:00 pm')).toBeInTheDocument();
    expect(within(phone).queryByText('This device')).toBeNull();
  });

  it('names each Sign out button for its device and when it was last used, starting with the words it shows (WCAG 2.5.3)', async () => {
    const tablet = { ...list.sessions[1]!, id: 'a1b2c3d4-0000-4000-8000-000000000001', browser: 'Chrome 131', system: 'Android', last_used_at: '2026-11-22T20:30:00.000Z' };
    stubFetch({ 'GET /api/account/sessions': { status: 200, body: { sessions: [...list.sessions, tablet] } } });
    renderAt(<SessionsSection country="UK" />, '/account');
    await screen.findByRole('listitem', { name: 'Safari 18 on iOS' });
    const buttons = screen.getAllByRole('button', { name: /^Sign out / }).filter((b) => b.textContent === 'Sign out');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      // London time for a UK account.
      'Sign out Safari 18 on iOS, last used Sunday 22 November 2026, 1:00 am',
      'Sign out Chrome 131 on Android, last used Sunday 22 November 2026, 8:30 pm',
    ]);
    for (const button of buttons) expect(button.getAttribute('aria-label')!.startsWith(button.textContent!)).toBe(true);
  });

  it('signs another device out and reads the list again', async () => {
    const calls = stubFetch({
      'GET /api/account/sessions': [
        { status: 200, body: list },
        { status: 200, body: { sessions: [list.sessions[0]!] } },
      ],
      [`DELETE /api/account/sessions/${PHONE}`]: { status: 200, body: { message: 'That device has been signed out.' } },
    });
    renderAt(<SessionsSection country="NZ" />, '/account');
    const phone = await screen.findByRole('listitem', { name: 'Safari 18 on iOS' });
    await userEvent.setup().click(within(phone).getByRole('button', { name: /^Sign out Safari 18 on iOS, last used / }));
    expect(await screen.findByText('That device has been signed out.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(PHONE))).toBe(true);
    await vi.waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari 18 on iOS' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('signs out everywhere else with one click', async () => {
    const calls = stubFetch({
      'GET /api/account/sessions': { status: 200, body: list },
      'POST /api/account/sessions/sign-out-others': { status: 200, body: { message: 'Every other device has been signed out.' } },
    });
    renderAt(<SessionsSection country="NZ" />, '/account');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Every other device has been signed out.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
