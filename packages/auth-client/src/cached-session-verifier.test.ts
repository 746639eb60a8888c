import { createEvent, type TEventEnvelope, type TVerifiedUser } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { createCachedSessionVerifier, type TLiveEventSource } from './cached-session-verifier.ts';
import { personalSessionOf } from './require-role.ts';
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

const ada = personalSessionOf('u-ada', 'ada@example.com');
const bob = personalSessionOf('u-bob', 'bob@example.com');
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

  it('asks once for many concurrent requests with the same session', async () => {
    const gate = deferred();
    const calls: string[] = [];
    const source: TSessionVerifier = {
      async verify(headers) {
        calls.push(headers.get('cookie') ?? '');
        await gate.promise;
        return ada;
      },
    };
    const cached = await createCachedSessionVerifier({ source });
    const answers = Promise.all(Array.from({ length: 50 }, () => cached.verify(cookie('a'))));
    gate.resolve();
    expect(await answers).toEqual(Array.from({ length: 50 }, () => ada));
    expect(calls).toEqual(['a']);
  });

  it('refreshes an entry in use before it expires, answering from the cache meanwhile', async () => {
    let now = 0;
    const answers: Record<string, TVerifiedUser | null> = { a: ada };
    const { verifier, calls } = countingSource(answers);
    const cached = await createCachedSessionVerifier({ source: verifier, ttlMs: 5_000, now: () => now });
    await cached.verify(cookie('a'));
    now = 3_500; // past the refresh point, before expiry
    answers.a = null; // the session ended without an event reaching this cache
    expect(await cached.verify(cookie('a'))).toEqual(ada);
    expect(calls).toEqual(['a', 'a']);
    await Promise.resolve();
    // The background answer replaced the entry: the ended session is refused from now on.
    expect(await cached.verify(cookie('a'))).toBeNull();
  });

  it("never caches or shares an answer asked for before the user's sessions ended", async () => {
    const events = createEventSource();
    const gate = deferred();
    let signedIn = true;
    const calls: number[] = [];
    const source: TSessionVerifier = {
      async verify() {
        calls.push(calls.length);
        const answer = signedIn ? ada : null;
        await gate.promise;
        return answer;
      },
    };
    const cached = await createCachedSessionVerifier({ source, events: events.source, ttlMs: 60_000 });
    const before = cached.verify(cookie('a'));
    signedIn = false;
    await events.fire(createEvent('accounts.sessions-ended', ada.userId, { reason: 'signed-out' }));
    const after = cached.verify(cookie('a'));
    gate.resolve();
    expect(await before).toEqual(ada);
    expect(await after).toBeNull();
    expect(await cached.verify(cookie('a'))).toBeNull();
    expect(calls).toHaveLength(3);
  });
});

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
