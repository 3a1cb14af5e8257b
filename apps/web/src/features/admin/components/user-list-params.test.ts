import { describe, expect, it } from 'vitest';
import { readParams, writeParams } from './user-list-params';

describe('user list address state', () => {
  it('defaults to page 1 of 25, sorted by last name ascending', () => {
    expect(readParams(new URLSearchParams())).toEqual({ page: 1, page_size: 25, search: '', sort: 'last_name', order: 'asc' });
    expect(writeParams(readParams(new URLSearchParams())).toString()).toBe('');
  });

  it('reads and writes every setting', () => {
    const params = { page: 3, page_size: 50, search: 'Ngata, A', sort: 'id' as const, order: 'desc' as const };
    expect(readParams(writeParams(params))).toEqual(params);
  });

  it('ignores values the server would refuse', () => {
    expect(readParams(new URLSearchParams('page=0&page_size=1000&sort=password_hash&order=up'))).toEqual({
      page: 1,
      page_size: 25,
      search: '',
      sort: 'last_name',
      order: 'asc',
    });
  });
});
