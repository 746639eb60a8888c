import type { TEventBus } from '@prospector/bus';
import { AppError, DATABASE_RPC } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';

/**
 * Which of these usernames the user already has saved, asked of the database service. When it cannot
 * answer, the route fails UNAVAILABLE with `failedMessage` (the cause goes to the log).
 */
export async function findExtracted(
  deps: { bus: TEventBus; logger: TLogger },
  userId: string,
  usernames: string[],
  failedMessage: string,
): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  try {
    const answer = await deps.bus.request(DATABASE_RPC.extracted, { userId, usernames });
    return new Set(answer.extracted);
  } catch (error) {
    deps.logger.warn('could not ask which accounts are extracted', { error });
    throw new AppError('UNAVAILABLE', failedMessage);
  }
}
