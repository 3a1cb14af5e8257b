import type { UserListQuery } from '@uplift/core/schemas/admin';

// The API's shapes the admin screens read are core's response types (@uplift/core/schemas/*).

/** The user table's state, kept in the URL: the query GET /api/auth/all_users takes. */
export type UserListParams = UserListQuery;
