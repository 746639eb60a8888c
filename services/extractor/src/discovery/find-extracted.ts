import type { TEventBus } from '@prospector/bus';
import { DATABASE_RPC } from '@prospector/contracts';

/** Which of these usernames the user already has saved, asked of the database service. */
export async function findExtracted(
  bus: TEventBus,
  userId: string,
  usernames: string[],
): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const answer = await bus.request(DATABASE_RPC.extracted, { userId, usernames });
  return new Set(answer.extracted);
}
