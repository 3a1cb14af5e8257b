import type { UserListParams } from '../types';

/**
 * Query keys of the admin screens, in one place so mutations invalidate the right lists. The
 * campaign list is keyed with every other campaign read (lib/queries/campaigns: campaignKeys.list).
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: (params: UserListParams) => [...adminKeys.all, 'users', params] as const,
  recipients: () => [...adminKeys.all, 'recipients'] as const,
  exports: () => [...adminKeys.all, 'exports'] as const,
  charities: () => [...adminKeys.all, 'charities'] as const,
  challenges: () => [...adminKeys.all, 'challenges'] as const,
  offer: (campaignId: number) => [...adminKeys.all, 'offer', campaignId] as const,
  report: (campaignId: number) => [...adminKeys.all, 'report', campaignId] as const,
  payouts: (campaignId: number) => [...adminKeys.all, 'payouts', campaignId] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  system: () => [...adminKeys.all, 'system'] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  testimonials: () => [...adminKeys.all, 'testimonials'] as const,
  userPayments: (userId: number) => [...adminKeys.all, 'user-payments', userId] as const,
  gifts: (q: string) => [...adminKeys.all, 'gifts', q] as const,
};
