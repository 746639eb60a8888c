import { remoteFederationConfig } from '@prospector/config/frontend';

/** The database remote's federation contract: what the shell can load as `database/<Module>`. */
export default remoteFederationConfig('database', {
  './DatabasePage': './src/exposes/database-page.ts',
  './LeadListsPage': './src/exposes/lead-lists-page.ts',
});
