import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { COUNTRIES } from '@uplift/core/countries';
import { formatMoney, toMinor } from '@uplift/core/money';
import type { AdminUser, UserSort } from '@uplift/core/schemas/admin';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminCampaigns } from '../api/get-campaigns';
import { useResendActivation, useRevokeSessions, useUsers } from '../api/get-users';
import type { UserListParams } from '../types';
import { AdminError } from './admin-error';
import { reasonOf } from './describe-error';
import { SortableHeader } from './sortable-header';
import { UserPayments } from './user-payments';
import { useDebouncedValue } from './use-debounced-value';
import { PAGE_SIZES, readParams, writeParams } from './user-list-params';
import { TableBox } from './table-box';
import '../admin.css';

const column = createColumnHelper<AdminUser>();
// One empty array for every render, so the table does not see new data while loading.
const NO_ROWS: AdminUser[] = [];

/** The donor's pledge: status and amount in its currency (the currency of the donor's country, the only one they can pledge in). */
function pledgeText(u: AdminUser): string {
  if (u.pledge_status === null || u.pledge_amount === null) return 'None';
  return `${u.pledge_status}, ${formatMoney(toMinor(u.pledge_amount), u.country)}`;
}

/** 'Resend activation mail' for an account not yet activated (never an erased one); the outcome shows beside it. */
function ResendActivation({ user }: { user: AdminUser }) {
  const resend = useResendActivation();
  if (user.activated || user.erased) return null;
  return (
    <div className="admin-resend">
      <button
        type="button"
        className="button admin-small secondary"
        onClick={() => resend.mutate(user.id)}
        disabled={resend.isPending}
        aria-label={`Resend activation mail to ${user.email}`}
      >
        {resend.isPending ? 'Sending…' : 'Resend activation mail'}
      </button>
      {resend.isSuccess && <span role="status">Sent</span>}
      {resend.isError && (
        <span role="alert" className="field-error">
          {reasonOf(resend.error)}
        </span>
      )}
    </div>
  );
}
/** 'Sign out everywhere': ends every sign-in of the account at once (a lost device; docs/decisions/130). */
function RevokeSessions({ user }: { user: AdminUser }) {
  const revoke = useRevokeSessions();
  if (user.erased) return null;
  const text = revoke.isPending ? 'Signing out…' : 'Sign out everywhere';
  return (
    <div className="admin-resend">
      <button
        type="button"
        className="button admin-small secondary"
        onClick={() => revoke.mutate(user.id)}
        disabled={revoke.isPending}
        // The name starts with the words on the button (WCAG 2.5.3 label in name), then says whose.
        aria-label={`${text}: ${user.email}`}
      >
        {text}
      </button>
      {revoke.isSuccess && <span role="status">Signed out</span>}
      {revoke.isError && (
        <span role="alert" className="field-error">
          {reasonOf(revoke.error)}
        </span>
      )}
    </div>
  );
}
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** An address that may break after its @ (and anywhere, when even that is too long), so the table fits 1280 px. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** How a column's cells lay out (admin.css): most wrap, so the table fits 1280 px beside the admin's navigation. */
const CELL_CLASS: Partial<Record<string, string>> = { last_name: 'admin-cell-break', email: 'admin-cell-break', user_address: 'admin-cell-address' };

// Column ids are the server's sort keys; only those it can sort by are sortable.
const columns = [
  column.accessor('id', { id: 'id', header: 'ID' }),
  // An account its donor deleted is anonymised: it shows as "Erased" (docs/decisions/082).
  column.accessor((u) => (u.erased ? 'Erased' : `${u.last_name}, ${u.first_name}`), { id: 'last_name', header: 'Name' }),
  column.accessor('country', { id: 'country', header: 'Country', cell: (c) => COUNTRIES[c.getValue()]?.name ?? c.getValue() }),
  column.accessor('opt_in_uplift_comms', { header: 'Uplift News', enableSorting: false, cell: (c) => yesNo(c.getValue()) }),
  column.accessor('opt_in_charity_comms', { header: 'Charity News', enableSorting: false, cell: (c) => yesNo(c.getValue()) }),
  column.accessor((u) => (u.erased ? '' : u.email), { id: 'email', header: 'Email', cell: (c) => <EmailText email={c.getValue()} /> }),
  column.accessor('user_address', { header: 'Address', enableSorting: false }),
  column.accessor('activated', { header: 'Activated', enableSorting: false, cell: (c) => yesNo(c.getValue()) }),
  column.accessor((u) => pledgeText(u), { id: 'pledge', header: 'Pledge', enableSorting: false }),
  // One column for what can be done with an account, so the table fits 1280 px (docs/decisions/158-admin-with-room.md).
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: (c) => (
      <div className="admin-user-actions">
        <UserPayments user={c.row.original} />
        <RevokeSessions user={c.row.original} />
        <ResendActivation user={c.row.original} />
      </div>
    ),
  }),
];

/**
 * product-rules §2 "Admin user table": read only; searched, sorted and paged by the server, so it stays
 * fast however many donors sign up.
 */
export function UserTable() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const [searchText, setSearchText] = useState(params.search);
  const settledSearch = useDebouncedValue(searchText.trim(), 300);
  const searchId = useId();
  const users = useUsers(params);
  const campaigns = useAdminCampaigns();

  const update = (change: Partial<UserListParams>) => setSearchParams(writeParams({ ...params, ...change }), { replace: true });

  // A new search starts from the first page.
  useEffect(() => {
    if (settledSearch !== params.search) update({ search: settledSearch, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed search settles
  }, [settledSearch]);

  const total = users.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.page_size));
  const sorting: SortingState = [{ id: params.sort, desc: params.order === 'desc' }];

  // No React Compiler here, so its warning about TanStack Table's unmemoisable API does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: users.data?.users ?? NO_ROWS,
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    pageCount,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) update({ sort: first.id as UserSort, order: first.desc ? 'desc' : 'asc', page: 1 });
    },
    getRowId: (row) => String(row.id),
    getCoreRowModel: getCoreRowModel(),
  });

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const first = total === 0 ? 0 : (params.page - 1) * params.page_size + 1;
  const last = Math.min(total, params.page * params.page_size);

  return (
    <div className="admin-users">
      <div className="admin-toolbar">
        <div className="field admin-search">
          <label htmlFor={searchId}>Search by name or email</label>
          <input id={searchId} type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} maxLength={100} placeholder="e.g. Ngata, Aroha" />
        </div>
        <div className="field">
          <label htmlFor={`${searchId}-campaign`}>Pledged in campaign</label>
          <select
            id={`${searchId}-campaign`}
            value={params.campaign_id ?? ''}
            onChange={(e) => update({ campaign_id: e.target.value ? Number(e.target.value) : undefined, page: 1 })}
          >
            <option value="">Any campaign or none</option>
            {campaigns.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.campaign_name} ({c.country}, {c.id})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${searchId}-size`}>Rows per page</label>
          <select id={`${searchId}-size`} value={params.page_size} onChange={(e) => update({ page_size: Number(e.target.value), page: 1 })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>

      {users.isError && <AdminError title={reasonOf(users.error)} />}
      <p role="status" className="admin-muted" aria-live="polite">
        {users.isPending ? 'Loading users…' : users.isSuccess ? `${total} ${total === 1 ? 'user' : 'users'} found${total > 0 ? `, showing ${first}–${last}` : ''}` : ''}
      </p>

      {users.isSuccess && (
        <TableBox label="Users">
          <table className="admin-table admin-table-wrap admin-users-table" aria-busy={users.isFetching}>
            <caption className="visually-hidden">Users. Column headers with buttons sort the list.</caption>
            <thead>
              <tr>
                {headers.map((header) => (
                  <SortableHeader key={header.id} header={header} />
                ))}
              </tr>
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={CELL_CLASS[cell.column.id]}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
              {total === 0 && (
                <tr>
                  <td colSpan={headers.length}>No users match this search.</td>
                </tr>
              )}
            </tbody>
          </table>
        </TableBox>
      )}

      <nav className="admin-pager" aria-label="User list pages">
        <button type="button" className="button admin-small secondary" onClick={() => update({ page: 1 })} disabled={params.page <= 1} aria-label="First page">
          First
        </button>
        <button type="button" className="button admin-small secondary" onClick={() => update({ page: params.page - 1 })} disabled={params.page <= 1} aria-label="Previous page">
          Previous
        </button>
        <span className="admin-pager-where">
          Page {Math.min(params.page, pageCount)} of {pageCount}
        </span>
        <button type="button" className="button admin-small secondary" onClick={() => update({ page: params.page + 1 })} disabled={params.page >= pageCount} aria-label="Next page">
          Next
        </button>
        <button type="button" className="button admin-small secondary" onClick={() => update({ page: pageCount })} disabled={params.page >= pageCount} aria-label="Last page">
          Last
        </button>
      </nav>
    </div>
  );
}
