import type { TOnboardingAnswers, TProfile, TProfileUpdate } from '@prospector/contracts';
import type { TUserContext } from '@prospector/service-kit';
import { deleteCookie } from 'hono/cookie';
import type { TAccountRuntime } from '../../runtime.ts';
import { workspaceName } from '../../workspaces/team-store.ts';
import { profileInWorkspace } from '../../workspaces/workspace-profile.ts';

/** Every handler acts on `c.get('user').userId`, the verified session's user, never on request input. */
export function createProfileHandlers(runtime: TAccountRuntime) {
  const { profiles } = runtime;
  /** Every profile answer carries the session's workspace and shows its plan (workspace-profile.ts). */
  const answer = async (c: TUserContext, profile: TProfile) => {
    const { userId, workspaceId, role } = c.get('user');
    const personal = workspaceId === userId;
    const [name, ownerProfile] = await Promise.all([
      workspaceName(runtime.database.db, workspaceId),
      personal ? undefined : profiles.find(workspaceId),
    ]);
    const workspace = { id: workspaceId, name, role, personal };
    return c.json(profileInWorkspace(profile, workspace, ownerProfile), 200);
  };
  return {
    getProfile: async (c: TUserContext) => answer(c, await profiles.getOrCreate(c.get('user').userId)),

    updateProfile: async (c: TUserContext, update: TProfileUpdate) =>
      answer(c, await profiles.update(c.get('user').userId, update)),

    completeOnboarding: async (c: TUserContext, answers: TOnboardingAnswers) =>
      answer(c, await profiles.completeOnboarding(c.get('user').userId, answers)),

    skipOnboarding: async (c: TUserContext) => answer(c, await profiles.skipOnboarding(c.get('user').userId)),

    async deleteMe(c: TUserContext) {
      await profiles.erase(c.get('user').userId);
      runtime.sessionVerifier.forgetUser(c.get('user').userId);
      const { authCookies } = await runtime.auth.$context;
      deleteCookie(c, authCookies.sessionToken.name, { path: '/' });
      return c.body(null, 204);
    },
  };
}
