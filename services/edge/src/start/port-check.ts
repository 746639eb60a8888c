import { createServer } from 'node:net';
import { PortInUseError } from '@prospector/service-kit';

/** Fails fast, before any slow start-up work, when the port is taken. */
export function assertPortFree(port: number, host = '0.0.0.0'): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
