import type { ReactNode } from 'react';

/**
 * The box every admin table sits in (docs/decisions/158-admin-with-room.md): a table wider than the
 * screen scrolls sideways inside it, never the page or a dialog; the box is a named region that
 * takes focus, so a keyboard can scroll it, and the table's first column stays in view.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
