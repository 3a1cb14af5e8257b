import type { CountryCode } from '@uplift/core/countries';

// The API's shapes the summary page reads (SPEC §7; amounts are decimal currency units).

export type PaymentStatus = 'Pending' | 'Success' | 'Failed' | 'Cancelled';

export type Payment = {
  id: number;
  pledge_id: number;
  payment_status: PaymentStatus;
  processing_date: string;
  amount: number;
  failure_reason?: string | null;
  /** The saved card this payment is charged to (our id, for GET /api/payment_method/{id}). */
  payment_method_id?: number | null;
};

export type SummaryCampaign = {
  id: number;
  campaign_name: string;
  country: CountryCode;
  start_date: string;
  end_date: string;
  billing_start_date: string;
};

export type SummaryPledge = {
  id: number;
  campaign_id: number;
  challenge_id: number;
  recipient_id: number;
  confirmed_amount: number;
  pledge_status: 'Pending' | 'Confirmed' | 'Cancelled';
};

export type UserInfo = { first_name: string; email: string };

export type SummaryRecipient = {
  id: number;
  recipient_name: string;
  logo: string;
  impact_cost: number;
  impact_unit: string;
  impact_multiplier?: number;
  link?: string;
};

export type SummaryChallenge = { id: number; name: string; icon: string; unit: string };

export type PaymentMethod = { id: number; brand: string; last4: string; exp_month: number; exp_year: number };

export type CancelResult = { message: string; pledge_id: number; pledge_status: 'Cancelled'; cancelled_payments: number; paid_amount: number };
