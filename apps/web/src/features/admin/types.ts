import type { CountryCode } from '@uplift/core/countries';

/** A row of GET /api/campaign/ (SPEC §3 fields, plus how many pledges the campaign holds). */
export type AdminCampaign = {
  id: number;
  campaign_name: string;
  start_date: string;
  end_date: string;
  billing_start_date: string;
  billing_cycle: 'Weekly';
  is_active: boolean;
  country: CountryCode;
  pledge_count: number;
};

/** A row of GET /api/auth/all_users. */
export type AdminUser = {
  id: number;
  first_name: string;
  last_name: string;
  country: CountryCode;
  opt_in_uplift_comms: boolean;
  opt_in_charity_comms: boolean;
  email: string;
  user_address: string;
  activated: boolean;
};

export type UserSort = 'id' | 'last_name' | 'email' | 'country';
export type SortOrder = 'asc' | 'desc';
export type UserListParams = { page: number; page_size: number; search: string; sort: UserSort; order: SortOrder };
export type UserPage = { users: AdminUser[]; total: number; page: number; page_size: number };

export type AdminRecipient = { id: number; recipient_name: string; country: CountryCode };

/** A row of GET /api/admin/exports. */
export type CharityExportRecord = {
  id: number;
  created_at: string;
  row_count: number;
  admin_user_id: number;
  admin_email: string | null;
  recipient_id: number;
  recipient_name: string | null;
  campaign_id: number;
  campaign_name: string | null;
};
