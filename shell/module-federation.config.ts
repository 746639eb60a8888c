import { hostFederationConfig } from '@prospector/config/frontend';

/** The shell provides the shared singletons; its remotes come from the runtime manifest. */
export default hostFederationConfig('shell');
