import type { TEventBus, TSubscription } from '@prospector/bus';
import { AppError, bioShowsCode, EXTRACTOR_RPC } from '@prospector/contracts';
import { sandboxBioShowsAnyCode } from '../providers/sandbox/synthetic-profile.ts';
import type { TRunDeps } from '../runs/run-deps.ts';

/**
 * The marketing service's opt-out confirmation by bio code (docs/product.md §10): the account's profile
 * fetched now, past the profile cache (the person just edited the bio), and whether its bio shows the
 * request's code. Outside any run: nothing is held, charged or recorded, and the suppression list is not
 * asked (the account is on it: its owner is the one confirming). In the sandbox a `…biocode…` account's
 * bio shows any code. A provider failure answers UNAVAILABLE.
 */
export function answerBioCodeChecks(
  deps: Pick<TRunDeps, 'provider'>,
  bus: TEventBus,
): Promise<TSubscription> {
  return bus.reply(EXTRACTOR_RPC.bioShowsCode, async ({ username, code }) => {
    const fetched = await deps.provider.fetchProfile(username, { fresh: true }).catch((error: unknown) => {
      throw new AppError(
        'UNAVAILABLE',
        error instanceof Error ? error.message : 'The profile could not be fetched',
      );
    });
    if (fetched.kind === 'not_found') return { outcome: 'not_found' as const };
    const shown =
      bioShowsCode(fetched.profile.biography, code) ||
      (deps.provider.name === 'sandbox' && sandboxBioShowsAnyCode(username));
    return { outcome: shown ? ('shown' as const) : ('not_shown' as const) };
  });
}
