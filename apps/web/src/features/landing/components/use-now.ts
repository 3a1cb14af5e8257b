import { useEffect, useState } from 'react';
import { usePrerender } from '../../../lib/prerender';

/** The current time, refreshed every `intervalMs`, so day counts roll over while the page is open. */
export function useNow(intervalMs = 60_000): Date {
  // A prerendered page hydrates with the server's clock, then reads the browser's at once.
  const rendered = usePrerender()?.now;
  const [now, setNow] = useState(() => rendered ?? new Date());
  useEffect(() => {
    if (rendered) queueMicrotask(() => setNow(new Date()));
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, rendered]);
  return now;
}
