import type { Period } from '@uplift/core/calculator';
import type { CountryCode } from '@uplift/core/countries';

// The API's shapes the wizard reads (SPEC §7; amounts are decimal currency units).

export type Campaign = {
  id: number;
  campaign_name: string;
  country: CountryCode;
  start_date: string;
  end_date: string;
  billing_start_date: string;
};

export type Challenge = {
  id: number;
  name: string;
  icon: string;
  landing_page_icon?: string;
  unit: string;
  description: string;
  hashtag: string;
  hashtag_link: string;
  /** 'commute' challenges are priced by distance and parking; absent means units. */
  kind?: 'units' | 'commute' | string;
};

export type Recipient = {
  id: number;
  recipient_name: string;
  logo: string;
  impact_cost: number;
  impact_unit: string;
  impact_description?: string;
  impact_multiplier?: number;
  description?: string;
  link: string;
};

export type PledgeStatus = 'Pending' | 'Confirmed' | 'Cancelled';

export type Pledge = {
  id: number;
  campaign_id: number;
  challenge_id: number;
  recipient_id: number;
  number_of_units: number;
  cost_per_unit: number;
  confirmed_amount: number;
  period: Period;
  pledge_status: PledgeStatus;
  country?: CountryCode;
};

/** The pledge fields of POST /api/pledge and of registration. */
export type PledgeFigures = {
  recipient_id: number;
  challenge_id: number;
  campaign_id: number;
  number_of_units: number;
  cost_per_unit: number;
  confirmed_amount: number;
  period: Period;
};

export type PaymentMethod = {
  id: number;
  method_name: string;
  is_enabled: boolean;
  stripe_payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
};

export type SetupSecret =
  | { client_secret: string; provider: 'test' }
  | { client_secret: string; provider: 'stripe'; publishable_key: string };

export type ConfirmedPledge = Pledge & {
  payments: { processing_date: string; amount: number; payment_status: string }[];
};
