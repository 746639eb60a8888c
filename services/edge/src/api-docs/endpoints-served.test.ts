import { routesAgainstEndpoints } from '@prospector/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../composition/services.ts';

describe('every service serves exactly the endpoints it declares (the API reference lists those)', () => {
  for (const service of SERVICES) {
    it(`${service.name}: no route without an endpoint, no endpoint without a route`, async () => {
      expect(await routesAgainstEndpoints(service)).toEqual({ undocumented: [], missing: [] });
    });
  }
});
