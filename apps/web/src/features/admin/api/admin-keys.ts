import type { UserListParams } from '../types';

/** Query keys of the admin screens, in one place so mutations invalidate the right lists. */
export const adminKeys = {
  all: ['admin'] as const,
  campaigns: () => [...adminKeys.all, 'campaigns'] as const,
  users: (params: UserListParams) => [...adminKeys.all, 'users', params] as const,
  recipients: () => [...adminKeys.all, 'recipients'] as const,
  exports: () => [...adminKeys.all, 'exports'] as const,
};
