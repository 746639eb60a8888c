import type { TUserVariables } from '@prospector/auth-client';
import { AppError, planLimitsOf, type TPlanLimits } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import { ToolAccessUnknownError, type TToolAccess } from './tool-access.ts';

/** A paywalled route's variables: the user, and the limits of their plan as it is now. */
export type TToolVariables = TUserVariables & { planLimits: TPlanLimits };

/**
 * Lets a signed-in request through only while the user may use the tools (after `requireUser`): 402
 * TRIAL_EXPIRED for an expired trial without a subscription, 503 with `unavailableMessage` when the
 * account service cannot say. Every route that spends credits or searches through the provider has it.
 * The user's plan limits are set for the handler (`c.get('planLimits')`).
 */
export function requireToolAccess(
  access: TToolAccess,
  { unavailableMessage, logger }: { unavailableMessage: string; logger: TLogger },
): MiddlewareHandler<{ Variables: TToolVariables }> {
  return async (c, next) => {
    try {
      c.set('planLimits', planLimitsOf(await access.check(c.get('user').userId)));
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
