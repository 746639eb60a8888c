import { describe, expect, it } from 'vitest';
import { endpointPath, pathParameterNames, queryString } from './endpoint.ts';

describe('an endpoint’s path and query, as the browser sends them', () => {
  it('fills each :name with its value, encoded', () => {
    expect(endpointPath({ path: '/api/x/:runId/items/:id' }, { runId: 'a/b', id: 7 })).toBe(
      '/api/x/a%2Fb/items/7',
    );
    expect(pathParameterNames('/api/x/:runId/items/:id')).toEqual(['runId', 'id']);
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => endpointPath({ path: '/api/x/:runId' }, {})).toThrow(
      '/api/x/:runId needs the path parameter runId',
    );
  });

  it('leaves out undefined values, repeats arrays, and is empty for nothing', () => {
    expect(queryString({ q: 'coffee & tea', page: 2, email: undefined, tags: ['a', 'b'], none: [] })).toBe(
      '?q=coffee+%26+tea&page=2&tags=a&tags=b',
    );
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
