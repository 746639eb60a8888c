import { routesAgainstEndpoints } from '@prospector/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { createMarketingService } from './service.ts';

describe('the marketing service API reference (openapi.ts)', () => {
  it('documents every route the service registers, and no route it does not', async () => {
    expect(await routesAgainstEndpoints(createMarketingService())).toEqual({ undocumented: [], missing: [] });
  });
});
