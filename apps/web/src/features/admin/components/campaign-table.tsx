import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper, flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { formatDayMonthYear } from '@uplift/core/calendar';
import { COUNTRIES } from '@uplift/core/countries';
import { MSG } from '@uplift/core/messages';
import { formatMoney, toMinor } from '@uplift/core/money';
import { campaignRequestSchema, type AdminCampaign } from '@uplift/core/schemas/campaign';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { campaignReportPath } from '../../../lib/paths';
import { useCreateCampaign } from '../api/create-campaign';
import { useDeactivatePastCampaigns } from '../api/deactivate-campaigns';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useAdminCampaigns } from '../api/get-campaigns';
import { useUpdateCampaign } from '../api/update-campaign';
import { AdminError } from './admin-error';
import { campaignFormOf, emptyCampaign } from './campaign-draft';
import { CampaignEditorRow } from './campaign-editor-row';
import { CampaignPhotoSection } from './campaign-photo-section';
import { reasonOf } from './describe-error';
import { SortableHeader } from './sortable-header';
import { useAdminEditor } from './use-admin-editor';
import { TableBox } from './table-box';
import '../admin.css';

const column = createColumnHelper<AdminCampaign>();

/** Why a pledged campaign's Delete is disabled (the API refuses it too: campaign.has_pledges). */
const CANNOT_DELETE_PLEDGED = 'This campaign has pledges, so it cannot be deleted. Deactivate it instead.';
// One empty array for every render, so the table does not see new data while loading.
const NO_ROWS: AdminCampaign[] = [];

function DateCell({ date }: { date: string }) {
  return <time dateTime={date}>{formatDayMonthYear(date)}</time>;
}

// Stable column definitions (outside the component), so cells are never remounted.
const columns = [
  column.accessor('id', { header: 'ID' }),
  column.accessor('campaign_name', { header: 'Campaign Name' }),
  column.accessor('country', { header: 'Country', cell: (c) => COUNTRIES[c.getValue()]?.name ?? c.getValue() }),
  column.accessor('start_date', { header: 'Start Date', cell: (c) => <DateCell date={c.getValue()} /> }),
  column.accessor('end_date', { header: 'End Date', cell: (c) => <DateCell date={c.getValue()} /> }),
  column.accessor('billing_start_date', { header: 'Billing Start Date', cell: (c) => <DateCell date={c.getValue()} /> }),
  column.accessor('is_active', { header: 'Active', cell: (c) => (c.getValue() ? 'Yes' : 'No') }),
  column.accessor('goal_amount', {
    header: 'Goal',
    cell: (c) => {
      const goal = c.getValue();
      return goal === null ? <span className="admin-muted">None</span> : formatMoney(toMinor(goal), c.row.original.country);
    },
  }),
];

/**
 * product-rules §2 "Admin campaign table": every campaign, added, edited and deleted in place, and the
 * 'Deactivate Past Campaigns' toolbar button. Failures show in red with the server's reason.
 */
export function CampaignTable() {
  const campaigns = useAdminCampaigns();
  const createCall = useCreateCampaign();
  const updateCall = useUpdateCampaign();
  const deleteCall = useDeleteCampaign();
  const deactivateCall = useDeactivatePastCampaigns();

  const [sorting, setSorting] = useState<SortingState>([{ id: 'id', desc: false }]);
  const [confirmDelete, setConfirmDelete] = useState<AdminCampaign | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const editor = useAdminEditor({
    resolver: () => zodResolver(campaignRequestSchema),
    save: (id, body) => (id === undefined ? createCall.mutateAsync(body) : updateCall.mutateAsync({ id, body })),
    failureTitle: (adding) => (adding ? MSG.addCampaignFailed : MSG.editCampaignFailed),
    // The row has no room for a summary of every problem: the first, in the server's words.
    refusedReason: (messages) => messages[0] ?? 'Please check the campaign',
    savedNotice: (saved, adding) => `${adding ? 'Added' : 'Saved'} campaign ${saved.id}: ${saved.campaign_name}`,
    onSaved: (saved) => setFocusId(`edit-campaign-${saved.id}`),
  });
  const { editing, failure, notice, report } = editor;

  // No React Compiler here, so its warning about TanStack Table's unmemoisable API does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: campaigns.data ?? NO_ROWS,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (row) => String(row.id),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  // After a row is saved or cancelled, focus goes back to its Edit button (or to Add).
  useEffect(() => {
    if (!focusId || editing) return;
    const target = document.getElementById(focusId) ?? addButton.current;
    target?.focus();
    setFocusId(null);
  }, [focusId, editing, campaigns.data]);

  function cancelEdit() {
    setFocusId(editing?.id === undefined ? 'add-campaign' : `edit-campaign-${editing.id}`);
    editor.cancel();
  }

  async function deleteConfirmed() {
    const campaign = confirmDelete;
    if (!campaign) return;
    setConfirmDelete(null);
    try {
      await deleteCall.mutateAsync(campaign.id);
      setFocusId('add-campaign');
      report(null, `Deleted campaign ${campaign.id}: ${campaign.campaign_name}`);
    } catch (err) {
      report({ title: MSG.deleteCampaignFailed, reason: reasonOf(err) });
    }
  }

  async function deactivate() {
    report(null);
    try {
      const result = await deactivateCall.mutateAsync();
      report(null, result.message);
    } catch (err) {
      report({ title: MSG.deactivateCampaignsFailed, reason: reasonOf(err) });
    }
  }

  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <div className="admin-campaigns">
      <div className="admin-toolbar" role="toolbar" aria-label="Campaign actions">
        <button ref={addButton} id="add-campaign" type="button" className="button" onClick={() => editor.start(undefined, emptyCampaign)} disabled={editing !== null}>
          Add campaign
        </button>
        <button type="button" className="button secondary" onClick={deactivate} disabled={deactivateCall.isPending}>
          {deactivateCall.isPending ? 'Deactivating…' : 'Deactivate Past Campaigns'}
        </button>
      </div>

      {failure && <AdminError title={failure.title} reason={failure.reason} />}
      {notice && <Alert tone="success">{notice}</Alert>}
      {campaigns.isError && <AdminError title={reasonOf(campaigns.error)} />}
      {campaigns.isPending && <p role="status">Loading campaigns…</p>}

      {campaigns.isSuccess && (
        <TableBox label="Campaigns">
          <table className="admin-table admin-table-wrap">
            <caption className="visually-hidden">Campaigns. Column headers with buttons sort the table.</caption>
            <thead>
              <tr>
                {headers.map((header) => (
                  <SortableHeader key={header.id} header={header} />
                ))}
                <th scope="col" className="admin-actions-cell">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {editing?.id === undefined && editing && <CampaignEditorRow id={undefined} editor={editor} onCancel={cancelEdit} />}
              {table.getRowModel().rows.map((row) =>
                editing?.id === row.original.id ? (
                  <Fragment key={row.id}>
                    <CampaignEditorRow id={row.original.id} editor={editor} onCancel={cancelEdit} />
                    {/* Its hero photo, saved on its own (docs/decisions/170). */}
                    <tr className="campaign-photo-row">
                      <td colSpan={headers.length + 1}>
                        <CampaignPhotoSection campaign={row.original} />
                      </td>
                    </tr>
                  </Fragment>
                ) : (
                  <tr key={row.id}>
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                    <td className="admin-actions-cell">
                      <div className="admin-row-actions">
                        <button
                          id={`edit-campaign-${row.original.id}`}
                          type="button"
                          className="button admin-small secondary"
                          onClick={() => editor.start(row.original.id, campaignFormOf(row.original))}
                          disabled={editing !== null}
                          aria-label={`Edit campaign ${row.original.id}`}
                        >
                          Edit
                        </button>
                        {row.original.pledge_count > 0 ? (
                          // Offered disabled with its reason, which the API would give too (campaign.has_pledges).
                          <button
                            type="button"
                            className="button admin-small admin-danger"
                            disabled
                            aria-label={`Delete campaign ${row.original.id}`}
                            aria-describedby={`no-delete-campaign-${row.original.id}`}
                          >
                            Delete
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button admin-small admin-danger"
                            onClick={() => {
                              report(null);
                              setConfirmDelete(row.original);
                            }}
                            disabled={editing !== null || deleteCall.isPending}
                            aria-label={`Delete campaign ${row.original.id}`}
                          >
                            Delete
                          </button>
                        )}
                        <Link className="button admin-small secondary" to={campaignReportPath(row.original.id)} aria-label={`Report of campaign ${row.original.id}`}>
                          Report
                        </Link>
                      </div>
                      {row.original.pledge_count > 0 && (
                        <p className="admin-muted admin-cell-note" id={`no-delete-campaign-${row.original.id}`}>
                          {CANNOT_DELETE_PLEDGED}
                        </p>
                      )}
                    </td>
                  </tr>
                ),
              )}
              {table.getRowModel().rows.length === 0 && !editing && (
                <tr>
                  <td colSpan={headers.length + 1}>No campaigns yet. Use Add campaign to create one.</td>
                </tr>
              )}
            </tbody>
          </table>
        </TableBox>
      )}

      <Dialog open={confirmDelete !== null} title={`Delete ${confirmDelete?.campaign_name ?? 'campaign'}?`} tone="danger" onClose={() => setConfirmDelete(null)}>
        <p>
          Campaign {confirmDelete?.id} will be removed for good. A campaign that donors have pledged to cannot be deleted;
          deactivate it instead.
        </p>
        <div className="form-actions">
          <button type="button" className="button admin-danger" onClick={deleteConfirmed}>
            Delete campaign
          </button>
          {/* The safe choice has focus when the dialog opens (the native dialog honours the attribute). */}
          <button type="button" className="button secondary" onClick={() => setConfirmDelete(null)} ref={(el) => el?.setAttribute('autofocus', '')}>
            Cancel
          </button>
        </div>
      </Dialog>
    </div>
  );
}
