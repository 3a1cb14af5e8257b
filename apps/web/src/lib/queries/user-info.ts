import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@uplift/core/schemas/auth';
import { api } from '../api-client';

// The signed-in user's own account (name, email), read by the summary and the thank-you page.

export const userInfoKeys = { all: ['user-info'] as const };

/** GET /api/auth/user_info. */
export const fetchUserInfo = () => api<User>('/api/auth/user_info', { auth: true });

export const userInfoQuery = () => queryOptions({ queryKey: userInfoKeys.all, queryFn: fetchUserInfo });

export const useUserInfo = () => useQuery(userInfoQuery());
