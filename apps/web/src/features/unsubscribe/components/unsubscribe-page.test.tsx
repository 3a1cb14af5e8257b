import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(() => vi.unstubAllGlobals());

const progress = { kind: 'progress', label: 'Progress in my weekly receipts', stops: 'the "your progress" part of each weekly receipt.', stopped: false };

describe('UnsubscribePage', () => {
  it('says what will stop and changes nothing until the button; then stops it with the link’s token', async () => {
    const calls = stubFetch({ 'GET /api/unsubscribe': { status: 200, body: progress }, 'POST /api/unsubscribe': { status: 200, body: { ...progress, stopped: true } } });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=abc.def');
    expect(await screen.findByRole('heading', { name: 'Progress in my weekly receipts' })).toBeInTheDocument();
    expect(screen.getByText(/This will stop the "your progress" part/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(calls[0]!.url).toBe('/api/unsubscribe?token=abc.def');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop these emails' }));
    expect(await screen.findByRole('heading', { name: 'Stopped: Progress in my weekly receipts' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ token: 'abc.def' });
    expect(screen.getByRole('link', { name: 'your account page' })).toHaveAttribute('href', '/account');
  });

  it('a link already used says it is stopped, with no button', async () => {
    stubFetch({ 'GET /api/unsubscribe': { status: 200, body: { ...progress, stopped: true } } });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=abc.def');
    expect(await screen.findByRole('heading', { name: 'Stopped: Progress in my weekly receipts' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a forged or expired link gets a clear page with the way forward, not an error', async () => {
    const message = 'This unsubscribe link has expired (links work for a year). You can stop any optional email on your account page.';
    stubFetch({ 'GET /api/unsubscribe': { status: 400, body: { code: 'account.unsubscribe_link_expired', message } } });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=old.link');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a link without its token says so without asking the server', async () => {
    const calls = stubFetch({});
    renderAt(<UnsubscribePage />, '/unsubscribe');
    expect(screen.getByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
