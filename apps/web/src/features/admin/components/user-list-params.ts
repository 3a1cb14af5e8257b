import type { SortOrder, UserSort } from '@uplift/core/schemas/admin';
import type { UserListParams } from '../types';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const SORTS: UserSort[] = ['id', 'last_name', 'email', 'country'];

/** The user table's state lives in the address (?page=&page_size=&search=&sort=&order=&campaign_id=), so reload and Back keep it. */
export function readParams(search: URLSearchParams): UserListParams {
  const page = Number(search.get('page'));
  const size = Number(search.get('page_size'));
  const sort = search.get('sort') as UserSort;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    page_size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    search: (search.get('search') ?? '').slice(0, 100),
    sort: SORTS.includes(sort) ? sort : 'last_name',
    order: (search.get('order') === 'desc' ? 'desc' : 'asc') as SortOrder,
    campaign_id: campaignIdOf(search.get('campaign_id')),
  };
}

function campaignIdOf(text: string | null): number | undefined {
  const id = Number(text);
  return text && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

export function writeParams(params: UserListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.page !== 1) out.set('page', String(params.page));
  if (params.page_size !== 25) out.set('page_size', String(params.page_size));
  if (params.search) out.set('search', params.search);
  if (params.sort !== 'last_name') out.set('sort', params.sort);
  if (params.order !== 'asc') out.set('order', params.order);
  if (params.campaign_id !== undefined) out.set('campaign_id', String(params.campaign_id));
  return out;
}
