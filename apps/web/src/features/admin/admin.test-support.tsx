import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

type Answer = { status: number; body: unknown };

/** Answers fetch by "METHOD path" (query string ignored); records every call. Unknown calls fail the test. */
export function stubFetch(answers: Record<string, Answer | Answer[]>) {
  const calls: { key: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0];
      const key = `${init.method ?? 'GET'} ${path}`;
      calls.push({ key, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const entry = answers[key];
      const answer = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
      if (!answer) throw new Error(`unexpected fetch: ${key}`);
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export function renderAt(ui: ReactNode, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
