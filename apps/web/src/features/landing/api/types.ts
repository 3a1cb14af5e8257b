import type { CountryCode } from '@uplift/core/countries';

/** GET /api/campaign/* (SPEC §3); dates are 'YYYY-MM-DD' in the campaign's country. */
export type Campaign = {
  id: number;
  campaign_name: string;
  start_date: string;
  end_date: string;
  billing_start_date: string;
  is_active: boolean;
  country: CountryCode;
};

/** GET /api/challenge/default/{country}. */
export type Challenge = {
  id: number;
  name: string;
  landing_page_icon: string;
  icon: string;
  unit: string;
  description: string;
  hashtag: string;
  hashtag_link: string;
};

/** GET /api/recipient/default/{country}; impact_cost is a decimal amount. */
export type Recipient = {
  id: number;
  recipient_name: string;
  logo: string;
  impact_cost: number;
  impact_unit: string;
  impact_description: string;
  impact_multiplier: number;
  description: string;
  link: string;
};
