import type { CountryCode } from '@uplift/core/countries';
import { campaignRequestSchema, type AdminCampaign, type CampaignRequestInput } from '@uplift/core/schemas/campaign';

/** The values of a row being added or edited, as its inputs hold them. */
export type CampaignDraft = {
  campaign_name: string;
  country: CountryCode;
  start_date: string;
  end_date: string;
  billing_start_date: string;
  is_active: boolean;
};

export const emptyDraft: CampaignDraft = {
  campaign_name: '',
  country: 'NZ',
  start_date: '',
  end_date: '',
  billing_start_date: '',
  is_active: true,
};

export function draftOf(c: AdminCampaign): CampaignDraft {
  return {
    campaign_name: c.campaign_name,
    country: c.country,
    start_date: c.start_date,
    end_date: c.end_date,
    billing_start_date: c.billing_start_date,
    is_active: c.is_active,
  };
}

/** The request body, or the first problem in the same words the server would use. */
export function checkDraft(draft: CampaignDraft): { body: CampaignRequestInput } | { problem: string } {
  const body: CampaignRequestInput = { ...draft, billing_cycle: 'Weekly' };
  const parsed = campaignRequestSchema.safeParse(body);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Please check the campaign' };
  return { body };
}
