import { ownerKeyOf, type TUserVariables } from '@prospector/auth-client';
import { AppError, planLimitsOf, type TPlanLimits } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import { ToolAccessUnknownError, type TToolAccess } from './tool-access.ts';

/** A paywalled route's variables: the user, and the limits of their workspace's plan as it is now. */
export type TToolVariables = TUserVariables & { planLimits: TPlanLimits };

/**
 * Lets a signed-in request through only while the session's workspace may use the tools (after
 * `requireUser`): 402 TRIAL_EXPIRED for an expired trial without a subscription, 503 with
 * `unavailableMessage` when the account service cannot say. The plan is the workspace's, not the
 * member's (docs/architecture.md §17): a member of a paying workspace is let through whatever their own
 * trial says. Every route that spends credits or searches through the provider has it. The workspace's
 * plan limits are set for the handler (`c.get('planLimits')`).
 */
export function requireToolAccess(
  access: TToolAccess,
  { unavailableMessage, logger }: { unavailableMessage: string; logger: TLogger },
): MiddlewareHandler<{ Variables: TToolVariables }> {
  return async (c, next) => {
    try {
      c.set('planLimits', planLimitsOf(await access.check(ownerKeyOf(c.get('user')))));
    } catch (error) {
      if (!(error instanceof ToolAccessUnknownError)) throw error;
      logger.warn('could not ask the account service whether the tools are open', {
        error: error.cause instanceof Error ? error.cause.message : error.cause,
      });
      throw new AppError('UNAVAILABLE', unavailableMessage);
    }
    await next();
  };
}
