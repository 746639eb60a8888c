import { ownerKeyOf, requireRole, type TSessionVerifier } from '@prospector/auth-client';
import { BILLING_ENDPOINTS, MEMBER_LIMIT_MESSAGES } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';

/**
 * Per-member monthly credit limits of the active workspace (docs/architecture.md §6): every member reads
 * their own month; owners and admins read everyone's and set or clear limits. Workspace and role come
 * from the session; a member id names a member of that workspace only (a limit set on another
 * workspace's member id applies to nothing but this workspace).
 */
export function createMemberLimitsRoutes(
  ledger: Pick<TCreditLedger, 'memberUsage' | 'listMemberUsage' | 'setMemberLimit' | 'clearMemberLimit'>,
  identity: TSessionVerifier,
) {
  const { app, signedIn } = createSignedInApp(identity);
  const admin = [requireRole('admin', MEMBER_LIMIT_MESSAGES.forbidden)];
  return app
    .openapi(signedIn(BILLING_ENDPOINTS.myUsage), async (c) =>
      c.json(await ledger.memberUsage(ownerKeyOf(c.get('user')), c.get('user').userId), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.memberUsage, admin), async (c) =>
      c.json(await ledger.listMemberUsage(ownerKeyOf(c.get('user'))), 200),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.setMemberLimit, admin), async (c) =>
      c.json(
        await ledger.setMemberLimit(
          ownerKeyOf(c.get('user')),
          c.req.valid('param').memberId,
          c.req.valid('json').monthlyLimit,
        ),
        200,
      ),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.clearMemberLimit, admin), async (c) => {
      await ledger.clearMemberLimit(ownerKeyOf(c.get('user')), c.req.valid('param').memberId);
      return c.body(null, 204);
    });
}
