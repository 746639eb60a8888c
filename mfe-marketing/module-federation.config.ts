import { remoteFederationConfig } from '@prospector/config/frontend';

/** The marketing remote's federation contract: what the shell can load as `marketing/<Module>`. */
export default remoteFederationConfig('marketing', {
  './LandingPage': './src/exposes/landing-page.ts',
  './TermsPage': './src/exposes/terms-page.ts',
  './PrivacyPolicyPage': './src/exposes/privacy-policy-page.ts',
  './OptOutPage': './src/exposes/opt-out-page.ts',
  './CookieBanner': './src/exposes/cookie-banner.ts',
});
