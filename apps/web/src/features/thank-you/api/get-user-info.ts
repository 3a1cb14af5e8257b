import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type UserInfo = { first_name: string; email: string };

export const getUserInfo = () => api<UserInfo>('/api/auth/user_info', { auth: true });

export const userInfoQuery = () => queryOptions({ queryKey: ['auth', 'user-info'], queryFn: getUserInfo });

export const useUserInfo = () => useQuery(userInfoQuery());
