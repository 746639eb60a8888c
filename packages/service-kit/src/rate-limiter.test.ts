import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('createRateLimiter (in this process)', () => {
  it('allows `limit` uses per key in any window, counting no refusal, each key on its own', () => {
    let now = Date.UTC(2026, 0, 1);
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    expect(limiter.take('a')).toBe(true);
    now += 10_000;
    expect([limiter.take('a'), limiter.take('a')]).toEqual([true, false]);
    expect(limiter.take('b')).toBe(true);
    // Sliding: the first use leaves the window a minute after it, the second ten seconds later.
    now += 20_000;
    expect(limiter.take('a')).toBe(false);
    now += 30_000;
    expect([limiter.take('a'), limiter.take('a')]).toEqual([true, false]);
    now += 10_000;
    expect(limiter.take('a')).toBe(true);
  });

  it('forgets the least recently used keys past its cap', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 1_000, maxKeys: 2 });
    expect([limiter.take('a'), limiter.take('b'), limiter.take('c')]).toEqual([true, true, true]);
    expect(limiter.take('c')).toBe(false);
    expect(limiter.take('a')).toBe(true); // dropped for c, so it starts afresh
  });
});
