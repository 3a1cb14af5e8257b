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
  audit: () => [...adminKeys.all, 'audit'] as const,
};
