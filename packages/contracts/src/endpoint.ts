import type { z } from 'zod';
import type { TErrorCode } from './errors.ts';

/**
 * One HTTP endpoint, described once: the server registers its route and validation from it
 * (`serveEndpoint` in service-kit), the API reference at `/api/docs` documents it, and the browser calls
 * it (`callEndpoint` in web-data), filling its path and parsing its answer with the same schemas.
 */
export interface TEndpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The full path, Hono style (`/api/database/extractions/:id`). */
  path: string;
  summary: string;
  description?: string;
  /**
   * How the endpoint knows its caller: the browser's session cookie (`requireUser`), nobody
   * (public), a signature over the body (Stripe's webhooks), or an API key (`Authorization: Bearer`,
   * the public `/api/v1`): an `api-key` endpoint answers its failures as RFC 9457 problem documents
   * (`application/problem+json`) and carries the RateLimit headers, and the reference documents it so.
   */
  auth: 'session' | 'public' | 'stripe-signature' | 'api-key';
  /** The groups the public reference lists the endpoint under (`Runs`, `Credits`). */
  tags?: readonly string[];
  /** Path parameters, one property per `:name`; strings when not given. */
  params?: z.ZodObject;
  /** Query parameters, one property per parameter. */
  query?: z.ZodObject;
  /** Request headers the route reads, as it validates them (lower-case names). */
  headers?: z.ZodObject;
  /** The JSON body, as the route validates it. */
  body?: z.ZodType;
  /** A body that is not JSON (a Stripe event read raw): documented, checked by the handler itself. */
  rawBody?: { contentType: string; description: string };
  /** Successful (and endpoint-specific) answers by status; the first 2xx is what the browser reads. */
  responses: Readonly<Record<number, TEndpointResponse>>;
  /**
   * Error codes the endpoint itself may answer, beyond those every endpoint of its kind gets (401 for
   * a session endpoint, 400 for a validated input, 403/413 for a state-changing one).
   */
  errors?: readonly TErrorCode[];
  /** What an error code means for this endpoint, where the generic description would not say enough. */
  errorNotes?: Readonly<Partial<Record<TErrorCode, string>>>;
  /** The condition under which the endpoint exists at all (a dev-only or sandbox-only route). */
  onlyWhen?: string;
}

export interface TEndpointResponse {
  description: string;
  /** The body's schema, as the handler sends it; JSON unless `contentType` says otherwise. */
  body?: z.ZodType;
  /** A CSV, an HTML page, an image, an event stream: the handler answers it as a plain `Response`. */
  contentType?: string;
  /** Response headers worth naming, with what they hold. */
  headers?: Readonly<Record<string, string>>;
  /**
   * The handler sends JSON text it already has (PostgreSQL wrote the page): `body` still describes it
   * and the browser still parses it, but the server's compiler does not check it.
   */
  sentAsText?: true;
}

/** Identity, typed: keeps every literal (path, schemas) so both ends infer their types from it. */
export const defineEndpoint = <const TDefinition extends TEndpoint>(endpoint: TDefinition): TDefinition =>
  endpoint;

/** The first 2xx answer of an endpoint's responses (what a successful call returns). */
type TSuccessStatus<TDefinition extends TEndpoint> = Extract<
  keyof TDefinition['responses'],
  200 | 201 | 202 | 204
>;

/** What a successful call of the endpoint answers, as its schema parses it (`undefined` when no JSON). */
export type TEndpointOutput<TDefinition extends TEndpoint> =
  TDefinition['responses'][TSuccessStatus<TDefinition>] extends { body: infer TBody extends z.ZodType }
    ? TDefinition['responses'][TSuccessStatus<TDefinition>] extends { contentType: string }
      ? undefined
      : z.output<TBody>
    : undefined;

/** The `:name` parameters of a Hono-style path, as a union of names. */
type TPathParameterNames<TPath extends string> = TPath extends `${string}:${infer TName}/${infer TRest}`
  ? TName | TPathParameterNames<`/${TRest}`>
  : TPath extends `${string}:${infer TName}`
    ? TName
    : never;

/** Path parameters: as the endpoint's schema accepts them, or one string per `:name` of its path. */
type TParamsInput<TDefinition extends TEndpoint> = TDefinition['params'] extends z.ZodType
  ? { params: z.input<TDefinition['params']> }
  : [TPathParameterNames<TDefinition['path']>] extends [never]
    ? { params?: undefined }
    : { params: Record<TPathParameterNames<TDefinition['path']>, string> };

/**
 * What a caller gives: path parameters, query and body, each as its schema accepts it (a query may
 * also come already serialised, as `URLSearchParams`).
 */
export type TEndpointInput<TDefinition extends TEndpoint> = TParamsInput<TDefinition> &
  (TDefinition['query'] extends z.ZodType
    ? { query?: z.input<TDefinition['query']> | URLSearchParams }
    : { query?: undefined }) &
  (TDefinition['body'] extends z.ZodType ? { body: z.input<TDefinition['body']> } : { body?: undefined });

const PATH_PARAMETER = /:([A-Za-z0-9_]+)/g;

/** The endpoint's path with its `:name` parameters filled in (each encoded). */
export function endpointPath(
  endpoint: Pick<TEndpoint, 'path'>,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return endpoint.path.replace(PATH_PARAMETER, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of the path's `:name` parameters, in order. */
export const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(PATH_PARAMETER)].map((match) => match[1] ?? '');

/**
 * A query string (with its `?`, or empty) from a query object — `undefined` and empty arrays are left
 * out, arrays repeat their key, everything else is its string form — or from parameters a caller
 * already serialised.
 */
export function queryString(query: Readonly<Record<string, unknown>> | URLSearchParams | undefined): string {
  const search = new URLSearchParams(query instanceof URLSearchParams ? query : undefined);
  for (const [name, value] of query instanceof URLSearchParams ? [] : Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
