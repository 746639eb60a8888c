import type { TErrorCode } from '@prospector/contracts';
import type { ZodType } from 'zod';
import type { TServiceName } from '../service.ts';

export const API_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type TApiMethod = (typeof API_METHODS)[number];

/**
 * How a route knows its caller: the browser's session cookie (checked by `requireUser`), nobody
 * (public), or a signature over the body (Stripe's webhooks).
 */
export type TApiAuth = 'session' | 'public' | 'stripe-signature';

export interface TApiResponse {
  description: string;
  /** The body's schema, as the handler sends it (its output side). */
  body?: ZodType;
  /** `application/json` unless said otherwise (a CSV, an HTML page, an image, an event stream). */
  contentType?: string;
  /** Response headers worth naming, with what they hold. */
  headers?: Record<string, string>;
}

/** One HTTP route of a service, as its `openapi.ts` describes it next to the schemas it validates with. */
export interface TApiRoute {
  method: TApiMethod;
  /** The full path as the service registers it, Hono style (`/api/database/extractions/:id`). */
  path: string;
  summary: string;
  description?: string;
  auth: TApiAuth;
  /** Path parameters; every `:name` in the path is a string when not given. */
  params?: ZodType;
  /** Query parameters: an object schema, one parameter per property. */
  query?: ZodType;
  /** The request body's schema, as the route validates it (its input side). */
  body?: ZodType;
  /** `application/json` unless said otherwise. */
  bodyContentType?: string;
  /** Successful (and route-specific) answers by status. */
  responses: Record<number, TApiResponse>;
  /**
   * Error codes the route itself may answer, beyond those every route of its kind gets (401 for a
   * session route, 400 for a validated input, 403/413 for a state-changing one).
   */
  errors?: readonly TErrorCode[];
  /** The condition under which the route exists at all (a dev-only or sandbox-only route). */
  onlyWhen?: string;
}

/** A service's HTTP API: what the edge merges into one OpenAPI document at `/api/docs`. */
export interface TApiReference {
  service: TServiceName;
  /** One line about what the service's API is for. */
  description: string;
  routes: readonly TApiRoute[];
}

/** Identity, typed: lets a service's `openapi.ts` read as data with checked field names. */
export const defineApiReference = (reference: TApiReference): TApiReference => reference;
