import type { TUserVariables } from '@prospector/auth-client';
import { AppError } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import { ToolAccessUnknownError, type TToolAccess } from './tool-access.ts';

/**
 * Lets a signed-in request through only while the user may use the tools (after `requireUser`): 402
 * TRIAL_EXPIRED for an expired trial without a subscription, 503 with `unavailableMessage` when the
 * account service cannot say. Every route that spends credits or searches through the provider has it.
 */
export function requireToolAccess(
  access: TToolAccess,
  { unavailableMessage, logger }: { unavailableMessage: string; logger: TLogger },
): MiddlewareHandler<{ Variables: TUserVariables }> {
  return async (c, next) => {
    try {
      await access.check(c.get('user').userId);
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
