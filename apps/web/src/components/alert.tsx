import type { ReactNode } from 'react';
import './alert.css';

/** A message region announced to screen readers: errors interrupt, notices wait their turn. */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
