import { exitOnEnvError, loadEnv } from '@prospector/config';
import { SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';

/** The extractor service's own process (distributed mode). */
export const loadExtractorEnv = () =>
  exitOnEnvError(() => loadEnv('extractor service', standaloneEnvShape(SERVICE_PORTS.extractor)));
