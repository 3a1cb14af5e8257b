import { flexRender, type Header } from '@tanstack/react-table';

/** A column header; sortable ones are buttons and announce their order with aria-sort. */
export function SortableHeader<T>({ header }: { header: Header<T, unknown> }) {
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <th scope="col">{content}</th>;
  const sorted = header.column.getIsSorted();
  return (
    <th scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <button type="button" className="admin-sort" onClick={header.column.getToggleSortingHandler()}>
        {content}
        <span aria-hidden="true" className="admin-sort-mark">
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
