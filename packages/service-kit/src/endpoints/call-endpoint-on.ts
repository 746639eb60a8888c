import {
  endpointPath,
  queryString,
  type TEndpoint,
  type TEndpointInput,
  type TEndpointOutput,
} from '@prospector/contracts';
import type { z } from 'zod';

/** What an app answered an endpoint: its first 2xx body parsed with the endpoint's schema, or the failure. */
export type TEndpointAnswer<TDefinition extends TEndpoint> =
  | { ok: true; status: number; body: TEndpointOutput<TDefinition>; response: Response }
  | { ok: false; status: number; error: unknown; response: Response };

/**
 * The test twin of the browser's `callEndpoint`: calls `endpoint` on a service's app in-process (`app.request`),
 * its path filled and its query serialised from the descriptor, its answer parsed with the descriptor's
 * schema. A changed path, parameter or schema breaks the test at compile time (or at the parse), not at a
 * literal `/api/…` string. `init` adds what the caller is (a session header, an API key).
 */
export async function callEndpointOn<const TDefinition extends TEndpoint>(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  endpoint: TDefinition,
  input: TEndpointInput<TDefinition>,
  init: RequestInit = {},
): Promise<TEndpointAnswer<TDefinition>> {
  const { params, query, body } = input as { params?: Record<string, string>; query?: never; body?: unknown };
  const headers = new Headers(init.headers);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const response = await app.request(`${endpointPath(endpoint, params)}${queryString(query)}`, {
    ...init,
    method: endpoint.method.toUpperCase(),
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.clone().text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) return { ok: false, status: response.status, error: json, response };
  const success = Object.entries(endpoint.responses).find(([status]) => Number(status) === response.status);
  const schema = success?.[1].contentType ? undefined : (success?.[1].body as z.ZodType | undefined);
  const parsed = schema ? schema.parse(json) : undefined;
  return { ok: true, status: response.status, body: parsed as TEndpointOutput<TDefinition>, response };
}
