import type { AdminCampaign, CampaignRequestInput } from '@uplift/core/schemas/campaign';

// A campaign row's values as its inputs hold them: the request itself, whose billing cycle is
// left to the schema's default (Weekly, the only one).

export const emptyCampaign: CampaignRequestInput = {
  campaign_name: '',
  country: 'NZ',
  start_date: '',
  end_date: '',
  billing_start_date: '',
  is_active: true,
  goal_amount: null,
};

export function campaignFormOf(c: AdminCampaign): CampaignRequestInput {
  return {
    campaign_name: c.campaign_name,
    country: c.country,
    start_date: c.start_date,
    end_date: c.end_date,
    billing_start_date: c.billing_start_date,
    is_active: c.is_active,
    goal_amount: c.goal_amount,
  };
}
