import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, refreshSession } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/session';
import { adminKeys } from './admin-keys';

export type DownloadedExport = { blob: Blob; filename: string; rows: number };

function request(url: string): Promise<Response> {
  const token = getAccessToken();
  return fetch(url, {
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
}

function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition && /filename="([^"]+)"/.exec(disposition);
  return match?.[1] ?? fallback;
}

/**
 * GET /api/admin/exports/charity?recipient_id=&campaign_id= (admin): the CSV of opted-in donors.
 * Read as a file (not JSON), so it does its own token refresh on a 401 like `api()`.
 */
export async function downloadCharityExport(params: { recipientId: number; campaignId: number }): Promise<DownloadedExport> {
  const url = `/api/admin/exports/charity?recipient_id=${params.recipientId}&campaign_id=${params.campaignId}`;
  let response = await request(url);
  if (response.status === 401 && (await refreshSession())) response = await request(url);
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(response.status, body.message ?? `Request failed (${response.status})`, body.code, body);
  }
  return {
    blob: await response.blob(),
    filename: filenameFrom(response.headers.get('content-disposition'), 'uplift-donors.csv'),
    rows: Number(response.headers.get('x-export-rows') ?? 0),
  };
}

export function useDownloadCharityExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadCharityExport,
    // Every export is recorded; show it in the list of past exports.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.exports() }),
  });
}

/** Hands a downloaded file to the browser's save flow. */
export function saveFile({ blob, filename }: DownloadedExport): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
