import { isId } from '@uplift/core/schemas/common';
import { z } from 'zod';

const idField = (name: string) => z.coerce.number({ error: `Please choose a ${name}` }).refine(isId, { error: `Please choose a ${name}` });

/** GET /api/admin/exports/charity?recipient_id=&campaign_id= */
export const charityExportQuerySchema = z.object({
  recipient_id: idField('charity'),
  campaign_id: idField('campaign'),
});

export type CharityExportQuery = z.output<typeof charityExportQuerySchema>;
