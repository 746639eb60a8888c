import type { TMemoryReplier } from './memory-broker.ts';
import { matchAnySubject } from './subject-match.ts';

type TListener = (wireSubject: string, body: string) => void;

/** The memory broker's core-NATS half: request/reply routing and live fan-out, no storage. */
export function createMemoryCoreRouting() {
  const repliers = new Map<string, TMemoryReplier[]>();
  const turns = new Map<string, number>();
  const listeners = new Set<{ patterns: string[]; listener: TListener }>();

  return {
    addReplier(wireSubject: string, replier: TMemoryReplier): () => void {
      const list = repliers.get(wireSubject) ?? [];
      list.push(replier);
      repliers.set(wireSubject, list);
      return () => {
        const index = list.indexOf(replier);
        if (index >= 0) list.splice(index, 1);
      };
    },

    /** Round-robin over reachable repliers, like a NATS queue group. */
    findReplier(wireSubject: string): TMemoryReplier | undefined {
      const reachable = (repliers.get(wireSubject) ?? []).filter((replier) => replier.isReachable());
      if (reachable.length === 0) return undefined;
      const turn = turns.get(wireSubject) ?? 0;
      turns.set(wireSubject, turn + 1);
      return reachable[turn % reachable.length];
    },

    addListener(wirePatterns: string[], listener: TListener): () => void {
      const entry = { patterns: [...wirePatterns], listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },

    /** Like core NATS subscribers on a JetStream subject: every publish reaches them, later. */
    notifyListeners(wireSubject: string, body: string): void {
      for (const entry of listeners) {
        if (matchAnySubject(entry.patterns, wireSubject))
          queueMicrotask(() => entry.listener(wireSubject, body));
      }
    },
  };
}
