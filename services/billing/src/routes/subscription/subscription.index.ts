import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TSubscriptionService } from '../../subscriptions/subscription-service.ts';

/**
 * Checkout, credit packs (top-ups), check-subscription, cancel and reactivate (docs/product.md §7),
 * only ever for the signed-in user: the user comes from the session, never the request.
 */
export function createSubscriptionRoutes(service: TSubscriptionService, identity: TSessionVerifier) {
  const signedIn = requireUser(identity);
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(BILLING_ENDPOINTS.checkout, [signedIn]), async (c) => {
      const { userId, email } = c.get('user');
      return c.json(
        await service.checkout({ userId, email: email ?? null }, c.req.valid('json').planId),
        200,
      );
    })
    .openapi(routeOf(BILLING_ENDPOINTS.topUp, [signedIn]), async (c) => {
      const { userId, email } = c.get('user');
      return c.json(await service.topUp({ userId, email: email ?? null }, c.req.valid('json').packId), 200);
    })
    .openapi(routeOf(BILLING_ENDPOINTS.subscription, [signedIn]), async (c) =>
      c.json(await service.check(c.get('user').userId), 200),
    )
    .openapi(routeOf(BILLING_ENDPOINTS.cancel, [signedIn]), async (c) =>
      c.json(await service.cancel(c.get('user').userId), 200),
    )
    .openapi(routeOf(BILLING_ENDPOINTS.reactivate, [signedIn]), async (c) =>
      c.json(await service.reactivate(c.get('user').userId), 200),
    );
}
