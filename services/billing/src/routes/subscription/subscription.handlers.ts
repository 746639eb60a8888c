import type { TUserVariables } from '@prospector/auth-client';
import type { TCheckoutRequest, TTopUpRequest } from '@prospector/contracts';
import type { Context } from 'hono';
import type { TSubscriptionService } from '../../subscriptions/subscription-service.ts';

type TContext = Context<{ Variables: TUserVariables }>;

/** Only ever the verified user's own subscription: the user id comes from the session. */
export function createSubscriptionHandlers(service: TSubscriptionService) {
  return {
    async checkout(c: TContext, body: TCheckoutRequest) {
      const { userId, email } = c.get('user');
      return c.json(await service.checkout({ userId, email: email ?? null }, body.planId));
    },
    async topUp(c: TContext, body: TTopUpRequest) {
      const { userId, email } = c.get('user');
      return c.json(await service.topUp({ userId, email: email ?? null }, body.packId));
    },
    async check(c: TContext) {
      return c.json(await service.check(c.get('user').userId));
    },
    async cancel(c: TContext) {
      return c.json(await service.cancel(c.get('user').userId));
    },
    async reactivate(c: TContext) {
      return c.json(await service.reactivate(c.get('user').userId));
    },
  };
}
