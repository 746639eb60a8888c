import { exitOnEnvError, loadEnv } from '@prospector/config';
import { SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';

/** The billing service's own process (distributed mode). */
export const loadBillingEnv = () =>
  exitOnEnvError(() => loadEnv('billing service', standaloneEnvShape(SERVICE_PORTS.billing)));
