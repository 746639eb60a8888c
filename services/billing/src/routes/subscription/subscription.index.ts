import { ownerKeyOf, requireRole, type TSessionVerifier } from '@prospector/auth-client';
import { BILLING_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp, type TUserContext } from '@prospector/service-kit';
import type { TSubscriptionService } from '../../subscriptions/subscription-service.ts';

/**
 * Checkout, credit packs (top-ups), check-subscription, cancel and reactivate (docs/product.md §7), for
 * the active workspace: its plan is the subscription keyed by its id (a personal workspace's id is its
 * owner's user id). Every member reads it; only owners buy, cancel or reactivate. Workspace and role
 * come from the session, never the request.
 */
export function createSubscriptionRoutes(service: TSubscriptionService, identity: TSessionVerifier) {
  const { app, signedIn } = createSignedInApp(identity);
  const owner = [requireRole('owner')];
  const workspaceOf = (c: TUserContext) => ownerKeyOf(c.get('user'));
  const buyer = (c: TUserContext) => ({ userId: workspaceOf(c), email: c.get('user').email ?? null });
  return app
    .openapi(signedIn(BILLING_ENDPOINTS.checkout, owner), async (c) =>
      c.json(await service.checkout(buyer(c), c.req.valid('json').planId), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.topUp, owner), async (c) =>
      c.json(await service.topUp(buyer(c), c.req.valid('json').packId), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.subscription), async (c) =>
      c.json(await service.check(workspaceOf(c)), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.cancel, owner), async (c) =>
      c.json(await service.cancel(workspaceOf(c)), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.reactivate, owner), async (c) =>
      c.json(await service.reactivate(workspaceOf(c)), 200),
    );
}
