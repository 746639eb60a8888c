import type { TProfile, TProfileWorkspace } from '@prospector/contracts';

/**
 * The profile fields that are the workspace's, not the person's: its plan and trial, which are its
 * owner's (the profile whose user id is the workspace id, docs/architecture.md §17).
 */
export const WORKSPACE_PLAN_FIELDS = [
  'subscriptionStatus',
  'subscriptionPlan',
  'subscriptionEndDate',
  'cancelAtPeriodEnd',
  'trialStartedAt',
  'trialExpired',
  'trialDaysLeft',
] as const satisfies readonly (keyof TProfile)[];

/**
 * The profile as the session's workspace shows it: the person's own fields, the workspace's plan and
 * trial, and `workspace` naming it. A workspace whose owner profile is missing (never read since
 * verification) keeps the person's own plan fields rather than invent one.
 */
export function profileInWorkspace(
  profile: TProfile,
  workspace: TProfileWorkspace,
  ownerProfile: TProfile | undefined,
): TProfile {
  if (workspace.personal || !ownerProfile) return { ...profile, workspace };
  const plan = Object.fromEntries(WORKSPACE_PLAN_FIELDS.map((field) => [field, ownerProfile[field]]));
  return { ...profile, ...plan, workspace };
}
