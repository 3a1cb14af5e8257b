import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('createTtlCache', () => {
  it('reuses a value for its lifetime, then loads again', async () => {
    let now = 1000;
    const cache = createTtlCache<string, number>({ ttlMs: 5000, now: () => now });
    const load = vi.fn(async () => now);
    expect(await cache.get('NZ', load)).toBe(1000);
    now = 5999;
    expect(await cache.get('NZ', load)).toBe(1000);
    now = 6000;
    expect(await cache.get('NZ', load)).toBe(6000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent callers and keeps keys apart', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 5000, now: () => 0 });
    const load = vi.fn(async () => 'value');
    await Promise.all([cache.get('NZ', load), cache.get('NZ', load), cache.get('UK', load)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed load', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 5000, now: () => 0 });
    await expect(cache.get('NZ', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('NZ', async () => 'recovered')).toBe('recovered');
  });

  it('does not trust an entry when the clock went back', async () => {
    let now = 10_000;
    const cache = createTtlCache<string, number>({ ttlMs: 5000, now: () => now });
    await cache.get('NZ', async () => 1);
    now = 9_000;
    expect(await cache.get('NZ', async () => 2)).toBe(2);
  });
});
