import { exitOnEnvError, loadEnv } from '@prospector/config';
import { SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';

/** The account service's own process (distributed mode). */
export const loadAccountEnv = () =>
  exitOnEnvError(() => loadEnv('account service', standaloneEnvShape(SERVICE_PORTS.account)));
