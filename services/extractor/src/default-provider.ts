import type { TDatabase } from '@prospector/db';
import { ProviderError, type TDataProvider } from './providers/provider-port.ts';

/**
 * The provider a service gets when its composition root names none: every call fails, so each account
 * of a run ends as "API error: No data provider is configured" and the run still finishes and releases
 * its hold. The composition roots pass the configured provider (sandbox by default, ARCHITECTURE §7).
 */
export function createUnconfiguredProvider(_database: TDatabase): TDataProvider {
  const fail = async (): Promise<never> => {
    throw new ProviderError('unavailable', 'No data provider is configured');
  };
  return {
    name: 'sandbox',
    capabilities: { search: false, similar: false },
    fetchProfile: fail,
    searchUsers: fail,
    similarAccounts: fail,
  };
}
