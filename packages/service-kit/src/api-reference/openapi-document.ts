import {
  ERROR_STATUS,
  healthPath,
  type TErrorCode,
  ZErrorBodySchema,
  ZHealthSchema,
} from '@prospector/contracts';
import { type ZodType, z } from 'zod';
import type { TApiReference, TApiRoute } from './api-reference.ts';

/** The subset of an OpenAPI 3.1 document the reference uses (kept loose: it is plain JSON). */
export interface TOpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, TOpenApiOperation>>;
  components: {
    schemas: Record<string, TJsonSchema>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

export type TJsonSchema = Record<string, unknown>;

export interface TOpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: TJsonSchema;
}

export interface TOpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters?: TOpenApiParameter[];
  requestBody?: { required: true; content: Record<string, { schema: TJsonSchema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { description: string; schema: TJsonSchema }>;
      content?: Record<string, { schema: TJsonSchema }>;
    }
  >;
}

export type TOpenApiInfo = TOpenApiDocument['info'];

const JSON_TYPE = 'application/json';
const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' };

/** Where the session cookie's name comes from: better-auth with the account service's cookie prefix. */
export const SESSION_COOKIE_NAME = 'prospector.session_token';

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests by what they accept, responses by what they send. */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): TJsonSchema {
  // Transforms and refinements have no JSON Schema form: they document as what they accept.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as TJsonSchema;
  return rest;
}

/** `/api/x/:id` → `/api/x/{id}`. */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParamNames = (path: string) =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

/** One parameter per property of an object schema (path or query). */
function parametersOf(schema: ZodType, where: 'path' | 'query'): TOpenApiParameter[] {
  const object = jsonSchemaOf(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, TJsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

function pathParameters(route: TApiRoute): TOpenApiParameter[] {
  if (route.params) return parametersOf(route.params, 'path');
  return pathParamNames(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

/** The error codes a route answers: its own, and those every route of its kind gets. */
export function errorCodesOf(route: TApiRoute): TErrorCode[] {
  const codes = new Set<TErrorCode>();
  if (route.params || route.query || route.body) codes.add('VALIDATION_FAILED');
  if (route.auth === 'session') codes.add('UNAUTHENTICATED');
  // The API guard: a state-changing request from another site, and a body over the service's limit.
  if (route.method !== 'get' && route.auth !== 'stripe-signature') codes.add('FORBIDDEN');
  if (route.method !== 'get') codes.add('PAYLOAD_TOO_LARGE');
  for (const code of route.errors ?? []) codes.add(code);
  return [...codes];
}

const ERROR_DESCRIPTIONS: Partial<Record<TErrorCode, string>> = {
  VALIDATION_FAILED: 'The input failed its schema; the message says which rule.',
  UNAUTHENTICATED: 'No valid session cookie.',
  FORBIDDEN: 'A state-changing request from another site (or a refused host).',
  PAYLOAD_TOO_LARGE: 'The body is over the service’s limit.',
};

function operationOf(service: string, route: TApiRoute): TOpenApiOperation {
  const parameters = [...pathParameters(route), ...(route.query ? parametersOf(route.query, 'query') : [])];
  const responses: TOpenApiOperation['responses'] = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const contentType = response.contentType ?? JSON_TYPE;
    responses[status] = {
      description: response.description,
      ...(response.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, description]) => [
                name,
                { description, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
      ...(response.body || contentType !== JSON_TYPE
        ? {
            content: {
              [contentType]: { schema: response.body ? jsonSchemaOf(response.body, 'output') : {} },
            },
          }
        : {}),
    };
  }
  // Several codes can share a status (400 BAD_REQUEST / VALIDATION_FAILED): one entry lists them all.
  const byStatus = new Map<number, TErrorCode[]>();
  for (const code of errorCodesOf(route)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) {
    if (responses[status]) continue;
    responses[status] = {
      description: codes
        .map((code) => `${code}${ERROR_DESCRIPTIONS[code] ? `: ${ERROR_DESCRIPTIONS[code]}` : ''}`)
        .join(' '),
      content: { [JSON_TYPE]: { schema: ERROR_BODY_REF } },
    };
  }
  const description = [route.description, route.onlyWhen ? `Only when ${route.onlyWhen}.` : undefined]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: `${service}.${route.method}.${route.path.replace(/^\/api\//, '').replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [service],
    summary: route.summary,
    ...(description ? { description } : {}),
    security:
      route.auth === 'session'
        ? [{ session: [] }]
        : route.auth === 'stripe-signature'
          ? [{ stripeSignature: [] }]
          : [],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true as const,
            content: { [route.bodyContentType ?? JSON_TYPE]: { schema: jsonSchemaOf(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The health route `startService` gives every service, documented once here. */
export function healthRouteOf(service: TApiReference['service']): TApiRoute {
  return {
    method: 'get',
    path: healthPath(service),
    summary: 'Health: database and bus reachable',
    auth: 'public',
    responses: {
      200: { description: 'Both reachable.', body: ZHealthSchema },
      503: { description: 'One is down; `down` names it.', body: ZHealthSchema },
    },
  };
}

/** Every route of a service's reference, its health route included. */
export const documentedRoutesOf = (reference: TApiReference): TApiRoute[] => [
  ...reference.routes,
  healthRouteOf(reference.service),
];

/** One OpenAPI 3.1 document for the given services' references, each service a tag, routes in their order. */
export function buildOpenApiDocument(
  references: readonly TApiReference[],
  info: TOpenApiInfo,
): TOpenApiDocument {
  const paths: TOpenApiDocument['paths'] = {};
  for (const reference of references) {
    for (const route of documentedRoutesOf(reference)) {
      const path = toOpenApiPath(route.path);
      paths[path] ??= {};
      paths[path][route.method] = operationOf(reference.service, route);
    }
  }
  return {
    openapi: '3.1.0',
    info,
    tags: references.map((reference) => ({ name: reference.service, description: reference.description })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchemaOf(ZErrorBodySchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description: 'The session cookie better-auth sets at sign-in (`__Secure-` prefixed over HTTPS).',
        },
        stripeSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'stripe-signature',
          description: 'Stripe’s signature over the raw body.',
        },
      },
    },
  };
}
