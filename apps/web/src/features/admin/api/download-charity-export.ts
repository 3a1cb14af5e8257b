import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';
import { adminKeys } from './admin-keys';

export type DownloadedExport = { filename: string; rows: number };

/**
 * GET /api/admin/exports/charity?recipient_id=&campaign_id= (admin): the CSV of opted-in donors,
 * handed to the browser as a download; the API counts its rows in X-Export-Rows.
 */
export async function downloadCharityExport(params: { recipientId: number; campaignId: number }): Promise<DownloadedExport> {
  const url = `/api/admin/exports/charity?recipient_id=${params.recipientId}&campaign_id=${params.campaignId}`;
  const file = await downloadFile(url, 'uplift-donors.csv');
  return { filename: file.filename, rows: Number(file.headers.get('x-export-rows') ?? 0) };
}

export function useDownloadCharityExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadCharityExport,
    // Every export is recorded; show it in the list of past exports.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.exports() }),
  });
}
