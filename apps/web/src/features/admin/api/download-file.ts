import { ApiError, refreshSession } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/session';
import { saveFile } from './download-charity-export';

function request(url: string): Promise<Response> {
  const token = getAccessToken();
  return fetch(url, { headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) }, credentials: 'include' });
}

/** Downloads an admin file (a CSV) with the access token, refreshing it once on a 401, and saves it. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  let response = await request(url);
  if (response.status === 401 && (await refreshSession())) response = await request(url);
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(response.status, body.message ?? `Request failed (${response.status})`, body.code, body);
  }
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  saveFile({ blob: await response.blob(), filename: match?.[1] ?? fallbackName, rows: 0 });
}
