/**
 * A tiny in-process cache with a time-to-live and single flight: while a value is being loaded,
 * every caller for the same key shares that one load, so a burst of requests after expiry costs
 * one database read. A failed load is not kept. Time comes from the injected `now`, so tests
 * decide when entries expire.
 */
export function createTtlCache<K, V>(opts: { ttlMs: number; now: () => number }) {
  const entries = new Map<K, { at: number; value: Promise<V> }>();

  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const now = opts.now();
      const hit = entries.get(key);
      // `age < 0` means the clock went back: treat the entry as stale rather than trust it longer.
      if (hit) {
        const age = now - hit.at;
        if (age >= 0 && age < opts.ttlMs) return hit.value;
      }
      const value = load();
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
