import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';
import type { UserInfo } from './types';

/** GET /api/auth/user_info: the signed-in user's first name for the greeting. */
export const getUserInfo = () => api<UserInfo>('/api/auth/user_info', { auth: true });

export const userInfoQuery = () => queryOptions({ queryKey: summaryKeys.userInfo(), queryFn: getUserInfo });

export const useUserInfo = () => useQuery(userInfoQuery());
