import { createEvent, type TEventEnvelope, type TVerifiedUser } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { createCachedSessionVerifier, type TLiveEventSource } from './cached-session-verifier.ts';
import type { TSessionVerifier } from './session-verifier.ts';

/** A live source a test can fire events on. */
function createEventSource() {
  const handlers: Array<{
    subjects: string[];
    handler: (d: { event: TEventEnvelope }) => void | Promise<void>;
  }> = [];
  const source: TLiveEventSource = {
    async subscribe(subjects, handler) {
      const entry = { subjects, handler };
      handlers.push(entry);
      return { stop: async () => void handlers.splice(handlers.indexOf(entry), 1) };
    },
  };
  return {
    source,
    subscribers: () => handlers.length,
    fire: async (event: TEventEnvelope) => {
      for (const entry of handlers) if (entry.subjects.includes(event.type)) await entry.handler({ event });
    },
  };
}

function countingSource(answers: Record<string, TVerifiedUser | null>) {
  const calls: string[] = [];
  const verifier: TSessionVerifier = {
    async verify(headers) {
      const cookie = headers.get('cookie') ?? '';
      calls.push(cookie);
      return answers[cookie] ?? null;
    },
  };
  return { verifier, calls };
}

const ada = { userId: 'u-ada', email: 'ada@example.com' };
const bob = { userId: 'u-bob', email: 'bob@example.com' };
const cookie = (value: string) => new Headers({ cookie: value });

describe('createCachedSessionVerifier', () => {
  it('asks once per TTL and asks again after it', async () => {
    let now = 1_000;
    const { verifier, calls } = countingSource({ a: ada });
    const cached = await createCachedSessionVerifier({ source: verifier, ttlMs: 5_000, now: () => now });
    expect(await cached.verify(cookie('a'))).toEqual(ada);
    expect(await cached.verify(cookie('a'))).toEqual(ada);
    expect(calls).toEqual(['a']);
    now += 5_001;
    expect(await cached.verify(cookie('a'))).toEqual(ada);
    expect(calls).toEqual(['a', 'a']);
  });

  it('never caches a refusal', async () => {
    const { verifier, calls } = countingSource({});
    const cached = await createCachedSessionVerifier({ source: verifier });
    expect(await cached.verify(cookie('nobody'))).toBeNull();
    expect(await cached.verify(cookie('nobody'))).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("drops only that user's sessions when their sessions end, and stops listening on stop", async () => {
    const events = createEventSource();
    const answers: Record<string, TVerifiedUser | null> = { a: ada, b: bob };
    const { verifier, calls } = countingSource(answers);
    const cached = await createCachedSessionVerifier({
      source: verifier,
      events: events.source,
      ttlMs: 60_000,
    });
    await cached.verify(cookie('a'));
    await cached.verify(cookie('b'));
    answers.a = null;
    await events.fire(createEvent('accounts.sessions-ended', ada.userId, { reason: 'signed-out' }));
    expect(await cached.verify(cookie('a'))).toBeNull();
    expect(await cached.verify(cookie('b'))).toEqual(bob);
    expect(calls).toEqual(['a', 'b', 'a']);

    await events.fire(createEvent('accounts.erased', bob.userId, {}));
    await cached.verify(cookie('b'));
    expect(calls).toEqual(['a', 'b', 'a', 'b']);

    expect(events.subscribers()).toBe(1);
    await cached.stop();
    expect(events.subscribers()).toBe(0);
  });
});
