import type { TOnboardingAnswers, TProfileUpdate } from '@prospector/contracts';
import type { TUserContext } from '@prospector/service-kit';
import { deleteCookie } from 'hono/cookie';
import type { TAccountRuntime } from '../../runtime.ts';

/** Every handler acts on `c.get('user').userId`, the verified session's user, never on request input. */
export function createProfileHandlers(runtime: TAccountRuntime) {
  const { profiles } = runtime;
  return {
    getProfile: async (c: TUserContext) => c.json(await profiles.getOrCreate(c.get('user').userId), 200),

    updateProfile: async (c: TUserContext, update: TProfileUpdate) =>
      c.json(await profiles.update(c.get('user').userId, update), 200),

    completeOnboarding: async (c: TUserContext, answers: TOnboardingAnswers) =>
      c.json(await profiles.completeOnboarding(c.get('user').userId, answers), 200),

    skipOnboarding: async (c: TUserContext) =>
      c.json(await profiles.skipOnboarding(c.get('user').userId), 200),

    async deleteMe(c: TUserContext) {
      await profiles.erase(c.get('user').userId);
      runtime.sessionVerifier.forgetUser(c.get('user').userId);
      const { authCookies } = await runtime.auth.$context;
      deleteCookie(c, authCookies.sessionToken.name, { path: '/' });
      return c.body(null, 204);
    },
  };
}
