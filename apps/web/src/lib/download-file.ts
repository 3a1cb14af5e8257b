import { apiFile } from './api-client';

/** A file the browser was handed: its name, and the answer's headers (e.g. a count the API adds). */
export type DownloadedFile = { filename: string; headers: Headers };

/**
 * Downloads a file the API answers (a receipt, a calendar, the donor's data, an admin's CSV) with
 * the access token, and hands it to the browser as a download under the server's file name, or
 * `fallbackName` when the server gives none. Failures are the API's ApiError. Kept out of
 * api-client so that the first page load does not carry it.
 */
export async function downloadFile(path: string, fallbackName = 'download'): Promise<DownloadedFile> {
  const response = await apiFile(path);
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { filename, headers: response.headers };
}
