import { z } from 'zod';

export const USER_SORT_COLUMNS = ['id', 'last_name', 'email', 'country'] as const;
export const USER_PAGE_SIZE_MAX = 100;

/** GET /api/auth/all_users?page=&page_size=&search=&sort=&order= — all optional. */
export const userListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number of 1 or more' })
    .int({ error: 'page must be a whole number of 1 or more' })
    .min(1, { error: 'page must be a whole number of 1 or more' })
    .max(1_000_000, { error: 'page is too large' })
    .default(1),
  page_size: z.coerce
    .number({ error: `page_size must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}` })
    .int({ error: `page_size must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}` })
    .min(1, { error: `page_size must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}` })
    .max(USER_PAGE_SIZE_MAX, { error: `page_size must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}` })
    .default(25),
  search: z.string().trim().max(100, { error: 'search must be at most 100 characters long' }).default(''),
  sort: z.enum(USER_SORT_COLUMNS, { error: `sort must be one of ${USER_SORT_COLUMNS.join(', ')}` }).default('id'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('asc'),
});

export type UserListQuery = z.output<typeof userListQuerySchema>;
