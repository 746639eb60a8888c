import type { TSessionVerifier } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp, type TUserContext } from '@prospector/service-kit';
import type { TSubscriptionService } from '../../subscriptions/subscription-service.ts';

/**
 * Checkout, credit packs (top-ups), check-subscription, cancel and reactivate (docs/product.md §7),
 * only ever for the signed-in user: the user comes from the session, never the request.
 */
export function createSubscriptionRoutes(service: TSubscriptionService, identity: TSessionVerifier) {
  const { app, signedIn } = createSignedInApp(identity);
  const buyer = (c: TUserContext) => ({ userId: c.get('user').userId, email: c.get('user').email ?? null });
  return app
    .openapi(signedIn(BILLING_ENDPOINTS.checkout), async (c) =>
      c.json(await service.checkout(buyer(c), c.req.valid('json').planId), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.topUp), async (c) =>
      c.json(await service.topUp(buyer(c), c.req.valid('json').packId), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.subscription), async (c) =>
      c.json(await service.check(c.get('user').userId), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.cancel), async (c) =>
      c.json(await service.cancel(c.get('user').userId), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.reactivate), async (c) =>
      c.json(await service.reactivate(c.get('user').userId), 200),
    );
}
