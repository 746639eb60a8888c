import { limitProfileText, limitSearchUserText } from '@prospector/contracts';
import type { TDataProvider } from '../provider-port.ts';

/**
 * Every provider answer with its texts capped and control characters removed (`limitProfileText` in
 * the contracts), whichever provider gave it and whether or not it came from the profile cache: a
 * provider that sends a 500 KB biography must not fill the runs, the library or the pages. Search
 * results and similar accounts whose username could not be kept as it came are left out.
 */
export function withTextLimits(provider: TDataProvider): TDataProvider {
  return {
    name: provider.name,
    capabilities: provider.capabilities,
    async fetchProfile(username, options) {
      const found = await provider.fetchProfile(username, options);
      return found.kind === 'found'
        ? { kind: 'found', profile: limitProfileText(found.profile, username) }
        : found;
    },
    async searchUsers(keyword, options) {
      const page = await provider.searchUsers(keyword, options);
      return { ...page, users: page.users.flatMap((user) => limitSearchUserText(user) ?? []) };
    },
    async similarAccounts(username, options) {
      const accounts = await provider.similarAccounts(username, options);
      return accounts.flatMap((account) => limitSearchUserText(account) ?? []);
    },
    async listAccounts(kind, target, options) {
      const page = await provider.listAccounts(kind, target, options);
      return { ...page, accounts: page.accounts.flatMap((account) => limitSearchUserText(account) ?? []) };
    },
  };
}
