import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import {
  ERROR_STATUS,
  pathParameterNames,
  type TEndpoint,
  type TEndpointResponse,
  type TErrorCode,
} from '@prospector/contracts';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { z } from 'zod';

const JSON_TYPE = 'application/json';

type TResponseConfig = RouteConfig['responses'][string];

/** The error body every failure answers, by reference in the API reference. */
export const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' } as const;

/** The error codes an endpoint answers: its own, and those every endpoint of its kind gets. */
export function errorCodesOf(endpoint: TEndpoint): TErrorCode[] {
  const codes = new Set<TErrorCode>();
  if (endpoint.params || endpoint.query || endpoint.body) codes.add('VALIDATION_FAILED');
  if (endpoint.auth === 'session') codes.add('UNAUTHENTICATED');
  // The API guard: a state-changing request from another site, and a body over the service's limit.
  if (endpoint.method !== 'get' && endpoint.auth !== 'stripe-signature') codes.add('FORBIDDEN');
  if (endpoint.method !== 'get') codes.add('PAYLOAD_TOO_LARGE');
  for (const code of endpoint.errors ?? []) codes.add(code);
  return [...codes];
}

const ERROR_DESCRIPTIONS: Partial<Record<TErrorCode, string>> = {
  VALIDATION_FAILED: 'The input failed its schema; the message says which rule.',
  UNAUTHENTICATED: 'No valid session cookie.',
  FORBIDDEN: 'A state-changing request from another site (or a refused host).',
  PAYLOAD_TOO_LARGE: 'The body is over the service’s limit.',
};

/** The error answers, one per status (several codes can share one: 400 BAD_REQUEST / VALIDATION_FAILED). */
function errorResponsesOf(endpoint: TEndpoint) {
  const byStatus = new Map<number, TErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .filter(([status]) => !endpoint.responses[status])
      .map(([status, codes]) => [
        status,
        {
          description: codes
            .map((code) => `${code}${ERROR_DESCRIPTIONS[code] ? `: ${ERROR_DESCRIPTIONS[code]}` : ''}`)
            .join(' '),
          content: { [JSON_TYPE]: { schema: ERROR_BODY_REF } },
        },
      ]),
  );
}

function responseOf(response: TEndpointResponse): TResponseConfig {
  const contentType = response.contentType ?? JSON_TYPE;
  return {
    description: response.description,
    ...(response.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(response.headers).map(([name, description]) => [
              name,
              { description, schema: { type: 'string' as const } },
            ]),
          ),
        }
      : {}),
    ...(response.body || contentType !== JSON_TYPE
      ? { content: { [contentType]: { schema: response.body ?? z.any() } } }
      : {}),
  };
}

/**
 * The 200 of an endpoint declared `sentAsText`: JSON text the handler already has (PostgreSQL wrote
 * the page), sent as it is.
 */
export const jsonTextResponse = (c: Context, json: string) =>
  c.body(json, 200, { 'content-type': JSON_TYPE });

/** Path parameters without a schema are strings. */
const paramsOf = (endpoint: TEndpoint) => {
  if (endpoint.params) return endpoint.params;
  const names = pathParameterNames(endpoint.path);
  return names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
};

type TRouteResponses<TDefinition extends TEndpoint> = {
  [TStatus in keyof TDefinition['responses']]: TDefinition['responses'][TStatus] extends
    | { contentType: string }
    | { sentAsText: true }
    ? { description: string }
    : TDefinition['responses'][TStatus] extends { body: infer TBody extends z.ZodType }
      ? { description: string; content: { 'application/json': { schema: TBody } } }
      : { description: string };
};

/** The route `@hono/zod-openapi` registers for an endpoint: what its handler receives and answers. */
export type TEndpointRoute<TDefinition extends TEndpoint, TMiddleware extends MiddlewareHandler[]> = {
  method: TDefinition['method'];
  path: TDefinition['path'];
  middleware: TMiddleware;
  request: {
    params: TDefinition extends { params: infer TParams extends z.ZodObject } ? TParams : undefined;
    query: TDefinition extends { query: infer TQuery extends z.ZodObject } ? TQuery : undefined;
    body: TDefinition extends { body: infer TBody extends z.ZodType }
      ? { content: { 'application/json': { schema: TBody } }; required: true }
      : undefined;
  };
  responses: TRouteResponses<TDefinition>;
  getRoutingPath(): string;
};

/**
 * An endpoint as a `createRoute` object: its path, validation and OpenAPI entry at once. The
 * `middleware` (the session check, a rate limit) runs before the input is validated.
 */
export function routeOf<
  const TDefinition extends TEndpoint,
  const TMiddleware extends MiddlewareHandler[] = [],
>(endpoint: TDefinition, middleware?: TMiddleware): TEndpointRoute<TDefinition, TMiddleware> {
  const description = [
    endpoint.description,
    endpoint.onlyWhen ? `Only when ${endpoint.onlyWhen}.` : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  const params = paramsOf(endpoint);
  const route = createRoute({
    method: endpoint.method,
    path: endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    security:
      endpoint.auth === 'session'
        ? [{ session: [] }]
        : endpoint.auth === 'stripe-signature'
          ? [{ stripeSignature: [] }]
          : [],
    middleware: middleware ?? [],
    request: {
      ...(params ? { params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
      ...(endpoint.body
        ? { body: { content: { [JSON_TYPE]: { schema: endpoint.body } }, required: true } }
        : endpoint.rawBody
          ? {
              body: {
                description: endpoint.rawBody.description,
                content: { [endpoint.rawBody.contentType]: { schema: { type: 'string' as const } } },
                required: true,
              },
            }
          : {}),
    },
    responses: {
      ...Object.fromEntries(
        Object.entries(endpoint.responses).map(([status, response]) => [status, responseOf(response)]),
      ),
      ...errorResponsesOf(endpoint),
    },
  });
  return route as unknown as TEndpointRoute<TDefinition, TMiddleware>;
}

/**
 * An app whose routes are endpoints (`app.openapi(routeOf(ENDPOINT, [signedIn]), handler)`): input
 * that fails its schema is thrown as the ZodError the service's error handler answers with 400
 * VALIDATION_FAILED and the first rule's message.
 */
export function createEndpointApp<TEnv extends Env = Env>() {
  return new OpenAPIHono<TEnv>({
    defaultHook: (result) => {
      if (!result.success) throw result.error;
    },
  });
}
