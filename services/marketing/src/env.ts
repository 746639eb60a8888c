import { exitOnEnvError, loadEnv } from '@prospector/config';
import { SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';

/** The marketing service's own process (distributed mode). */
export const loadMarketingEnv = () =>
  exitOnEnvError(() => loadEnv('marketing service', standaloneEnvShape(SERVICE_PORTS.marketing)));
