import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import {
  ERROR_STATUS,
  PROBLEM_CONTENT_TYPE,
  pathParameterNames,
  type TEndpoint,
  type TEndpointResponse,
  type TErrorCode,
  ZProblemSchema,
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
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers) codes.add('VALIDATION_FAILED');
  if (endpoint.auth === 'session' || endpoint.auth === 'api-key') codes.add('UNAUTHENTICATED');
  if (endpoint.auth === 'api-key') {
    // The key check: the owner's hourly limit, and the account service answering it.
    codes.add('RATE_LIMITED');
    codes.add('UNAVAILABLE');
  } else if (endpoint.method !== 'get' && endpoint.auth !== 'stripe-signature') {
    // The API guard: a state-changing request from another site (an API key is no ambient credential).
    codes.add('FORBIDDEN');
  }
  if (endpoint.method !== 'get') codes.add('PAYLOAD_TOO_LARGE');
  if (endpoint.body) codes.add('UNSUPPORTED_MEDIA_TYPE');
  for (const code of endpoint.errors ?? []) codes.add(code);
  return [...codes];
}

const ERROR_DESCRIPTIONS: Partial<Record<TErrorCode, string>> = {
  VALIDATION_FAILED: 'The input failed its schema; the message says which rule.',
  UNAUTHENTICATED: 'No valid session cookie.',
  FORBIDDEN: 'A state-changing request from another site (or a refused host).',
  PAYLOAD_TOO_LARGE: 'The body is over the service’s limit.',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not sent as `application/json`.',
};

/** Where an API-key endpoint's answers differ: the key, its limit, and the problem document. */
const API_KEY_ERROR_DESCRIPTIONS: Partial<Record<TErrorCode, string>> = {
  VALIDATION_FAILED: 'The request does not match its schema; `title` says what is wrong.',
  UNAUTHENTICATED: 'The API key is missing, revoked or not valid.',
  RATE_LIMITED: 'The account’s hourly request limit is used up; `Retry-After` says when to retry.',
  UNAVAILABLE: 'A service this route needs could not answer; retry later.',
};

const headerEntry = (description: string) => ({ description, schema: { type: 'string' as const } });

/** What every API-key answer says about the owner's request limit (draft-ietf-httpapi-ratelimit-headers). */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': headerEntry('The account’s request limit: `"hour";q=<requests>;w=<window seconds>`.'),
  RateLimit: headerEntry('What is left of it: `"hour";r=<remaining>;t=<seconds until the window resets>`.'),
} as const;

/** The error answers, one per status (several codes can share one: 400 BAD_REQUEST / VALIDATION_FAILED). */
function errorResponsesOf(endpoint: TEndpoint) {
  const apiKey = endpoint.auth === 'api-key';
  const byStatus = new Map<number, TErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const describe = (code: TErrorCode) => {
    const text =
      endpoint.errorNotes?.[code] ??
      (apiKey ? API_KEY_ERROR_DESCRIPTIONS[code] : undefined) ??
      ERROR_DESCRIPTIONS[code];
    return `${code}${text ? `: ${text}` : ''}`;
  };
  return Object.fromEntries(
    [...byStatus]
      .filter(([status]) => !endpoint.responses[status])
      .map(([status, codes]) => [
        status,
        {
          description: codes.map(describe).join(' '),
          ...(apiKey && status === 429
            ? {
                headers: {
                  ...RATE_LIMIT_HEADERS,
                  'Retry-After': headerEntry('Seconds until a retry may succeed.'),
                },
              }
            : {}),
          content: apiKey
            ? { [PROBLEM_CONTENT_TYPE]: { schema: ZProblemSchema } }
            : { [JSON_TYPE]: { schema: ERROR_BODY_REF } },
        },
      ]),
  );
}

function responseOf(endpoint: TEndpoint, response: TEndpointResponse): TResponseConfig {
  const contentType = response.contentType ?? JSON_TYPE;
  const headers = {
    ...(endpoint.auth === 'api-key' ? RATE_LIMIT_HEADERS : {}),
    ...Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, description]) => [name, headerEntry(description)]),
    ),
  };
  return {
    description: response.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(response.body || contentType !== JSON_TYPE
      ? {
          content: {
            [contentType]: {
              schema: response.body ?? (contentType.startsWith('text/') ? z.string() : z.any()),
            },
          },
        }
      : {}),
  };
}

const SECURITY: Record<TEndpoint['auth'], RouteConfig['security']> = {
  session: [{ session: [] }],
  'stripe-signature': [{ stripeSignature: [] }],
  'api-key': [{ ApiKey: [] }],
  public: [],
};

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
    headers: TDefinition extends { headers: infer THeaders extends z.ZodObject } ? THeaders : undefined;
  };
  responses: TRouteResponses<TDefinition>;
  getRoutingPath(): string;
};

/** A Hono-style path (`/runs/:id`) in OpenAPI's syntax (`/runs/{id}`). */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

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
    path: openApiPath(endpoint.path),
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    ...(endpoint.tags ? { tags: [...endpoint.tags] } : {}),
    security: SECURITY[endpoint.auth],
    middleware: middleware ?? [],
    request: {
      ...(params ? { params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
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
        Object.entries(endpoint.responses).map(([status, response]) => [
          status,
          responseOf(endpoint, response),
        ]),
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
