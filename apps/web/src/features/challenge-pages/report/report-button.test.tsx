import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_THANKS } from '@uplift/core/schemas/moderation';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReportButton, type ReportButtonProps } from './report-button';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => {
  // jsdom has no modal dialogs; the shared Dialog only needs these two to toggle `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

function stub(answer: { status: number; body: unknown }) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderButton(props: ReportButtonProps) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReportButton {...props} />
    </QueryClientProvider>,
  );
}

describe('ReportButton', () => {
  it('reports a page with the reason and thanks the reporter', async () => {
    const calls = stub({ status: 201, body: { message: REPORT_THANKS } });
    renderButton({ subject: 'page', slug: 'sam-swims' });
    await userEvent.click(screen.getByRole('button', { name: 'Report this page' }));
    expect(await screen.findByRole('dialog', { name: 'Report this page' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('What is wrong?'), '  Not Sam at all  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REPORT_THANKS);
    expect(calls).toEqual([{ url: '/api/reports', body: { subject: 'page', slug: 'sam-swims', reason: 'Not Sam at all' } }]);
  });

  it("reports a gift's message by its id", async () => {
    const calls = stub({ status: 201, body: { message: REPORT_THANKS } });
    renderButton({ subject: 'message', giftId: 42 });
    await userEvent.click(screen.getByRole('button', { name: 'Report this message' }));
    await userEvent.type(await screen.findByLabelText('What is wrong?'), 'Rude');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('status');
    expect(calls[0]!.body).toEqual({ subject: 'message', gift_id: 42, reason: 'Rude' });
  });

  it('asks for a reason before sending, and shows what the API refused', async () => {
    const calls = stub({ status: 404, body: { code: 'moderation.team_not_found', message: 'slug: there is no team at that address' } });
    renderButton({ subject: 'team', slug: 'gone-team' });
    await userEvent.click(screen.getByRole('button', { name: 'Report this team' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('reason: say what is wrong');
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('What is wrong?'), 'Spam');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('slug: there is no team at that address');
  });

  it("gives each update on /p its own Report button with the page's, and reports the update by its id (docs/decisions/173)", async () => {
    const calls = stub({ status: 201, body: { message: REPORT_THANKS } });
    // The places the server-drawn updates list keeps (page-updates.tsx).
    const list = document.createElement('ol');
    list.innerHTML = '<li><p><time>7 Dec</time><span data-update="12"></span></p></li><li><p><time>6 Dec</time><span data-update="11"></span></p></li>';
    document.body.append(list);
    try {
      renderButton({ subject: 'page', slug: 'sam-swims' });
      const buttons = await screen.findAllByRole('button', { name: 'Report this update' });
      expect(buttons.map((b) => b.parentElement!.dataset.update)).toEqual(['12', '11']);
      expect(screen.getByRole('button', { name: 'Report this page' })).toBeInTheDocument();
      await userEvent.click(buttons[1]!);
      expect(await screen.findByRole('dialog', { name: 'Report this update' })).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('What is wrong?'), 'Insults a person');
      await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
      expect(await screen.findByRole('status')).toHaveTextContent(REPORT_THANKS);
      expect(calls).toEqual([{ url: '/api/reports', body: { subject: 'update', update_id: 11, reason: 'Insults a person' } }]);

      // An update the list draws later gets its button too.
      list.insertAdjacentHTML('afterbegin', '<li><p><time>8 Dec</time><span data-update="13"></span></p></li>');
      expect(await within(list.querySelector<HTMLElement>('[data-update="13"]')!).findByRole('button', { name: 'Report this update' })).toBeInTheDocument();
    } finally {
      list.remove();
    }
  });

  it('a team or message button adds no update buttons', async () => {
    const list = document.createElement('ol');
    list.innerHTML = '<li><span data-update="12"></span></li>';
    document.body.append(list);
    try {
      renderButton({ subject: 'team', slug: 'a-team' });
      expect(screen.getByRole('button', { name: 'Report this team' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Report this update' })).not.toBeInTheDocument();
    } finally {
      list.remove();
    }
  });
});
