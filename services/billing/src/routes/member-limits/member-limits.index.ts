import { ownerKeyOf, requireRole, type TSessionVerifier } from '@prospector/auth-client';
import { AppError, BILLING_ENDPOINTS, MEMBER_LIMIT_MESSAGES, TEAM_MESSAGES } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';

/**
 * Per-member monthly credit limits of the active workspace (docs/architecture.md §6): every member reads
 * their own month; owners and admins read everyone's and set or clear limits. Workspace and role come
 * from the session; a member id must name a member of that workspace (`isMember`, asked of the account
 * service, which holds memberships): anyone else is 404 "Member not found".
 */
export function createMemberLimitsRoutes(
  ledger: Pick<TCreditLedger, 'memberUsage' | 'listMemberUsage' | 'setMemberLimit' | 'clearMemberLimit'>,
  identity: TSessionVerifier,
  isMember: (workspaceId: string, userId: string) => Promise<boolean>,
) {
  const { app, signedIn } = createSignedInApp(identity);
  const admin = [requireRole('admin', MEMBER_LIMIT_MESSAGES.forbidden)];
  const memberOf = async (ownerKey: string, memberId: string) => {
    if (!(await isMember(ownerKey, memberId))) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
    return memberId;
  };
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
          await memberOf(ownerKeyOf(c.get('user')), c.req.valid('param').memberId),
          c.req.valid('json').monthlyLimit,
        ),
        200,
      ),
    )
    .openapi(signedIn(BILLING_ENDPOINTS.clearMemberLimit, admin), async (c) => {
      const ownerKey = ownerKeyOf(c.get('user'));
      await ledger.clearMemberLimit(ownerKey, await memberOf(ownerKey, c.req.valid('param').memberId));
      return c.body(null, 204);
    });
}
