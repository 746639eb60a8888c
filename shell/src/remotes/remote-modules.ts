import type { TRemoteName } from '@prospector/contracts';
import type { ComponentType } from 'react';

/**
 * Every module the shell loads from a remote, as `<remote>/<Module>`. It mirrors the `exposes` of
 * each remote's `module-federation.config.ts` (remote-modules.test.ts holds them together); each exposed module default-exports a component
 * without props: a page, or a section of a shell screen (`billing/TrialExpiredPlans`,
 * `marketing/CookieBanner`).
 */
export const REMOTE_MODULES = [
  'marketing/LandingPage',
  'marketing/TermsPage',
  'marketing/PrivacyPolicyPage',
  'marketing/OptOutPage',
  'marketing/CookieBanner',
  'extractor/InfoExtractorPage',
  'extractor/SimilarAccountsPage',
  'database/DatabasePage',
  'database/LeadListsPage',
  'billing/BillingPage',
  'billing/PricingPage',
  'billing/PaymentSuccessPage',
  'billing/TrialExpiredPlans',
] as const satisfies readonly `${TRemoteName}/${string}`[];

export type TRemoteModuleId = (typeof REMOTE_MODULES)[number];

/** The shape of an exposed page module. */
export type TRemotePageModule = { default: ComponentType };

export function remoteNameOf(id: TRemoteModuleId): TRemoteName {
  return id.slice(0, id.indexOf('/')) as TRemoteName;
}
