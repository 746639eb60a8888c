import {
  endpointPath,
  queryString,
  type TEndpoint,
  type TEndpointInput,
  type TEndpointOutput,
  UNEXPECTED_ERROR_MESSAGE,
} from '@prospector/contracts';

/**
 * A failed call to the app's own API: the service's error code and the message the user should see.
 * Services answer `{ error: { code, message } }`; better-auth answers `{ code, message }`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/**
 * The request was refused for what it asked (4xx: not found, not allowed, invalid): the same request
 * gets the same answer, so it is not retried. Read from the error's fields, not `instanceof`: each
 * remote bundles its own copy of this package, so an ApiError thrown in a remote is not the shell's class.
 */
export function isClientError(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'ApiError') return false;
  const { status } = error as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500;
}

type TErrorBody = { code?: unknown; message?: unknown; error?: { code?: unknown; message?: unknown } };

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The ApiError a non-2xx answer stands for; `fallbackMessage` when its body says nothing. */
export async function toApiError(response: Response, fallbackMessage = UNEXPECTED_ERROR_MESSAGE) {
  const body = (await response.json().catch(() => undefined)) as TErrorBody | undefined;
  const code = text(body?.error?.code) ?? text(body?.code) ?? `HTTP_${response.status}`;
  const message = text(body?.error?.message) ?? text(body?.message) ?? fallbackMessage;
  return new ApiError(response.status, code, message);
}

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Calls the app's own API (same origin, session cookie). JSON in and out; a non-2xx answer throws an
 * ApiError. Callers parse the answer with the contract's schema.
 */
export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, signal }: TRequestOptions = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const raw = await response.text();
  return (raw ? JSON.parse(raw) : undefined) as T;
}

/** What to show for any thrown value: the API's message, or the spec's generic text. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

type TCallOptions = { signal?: AbortSignal };

/**
 * Calls one endpoint of the app's own API as its contract describes it: the path filled with `params`,
 * `query` as the query string, `body` as JSON; the answer parsed with the endpoint's schema (so a
 * caller gets what the schema outputs, defaults and all). A non-2xx answer throws an ApiError.
 */
export async function callEndpoint<const TDefinition extends TEndpoint>(
  endpoint: TDefinition,
  ...[input, options]: Partial<TEndpointInput<TDefinition>> extends TEndpointInput<TDefinition>
    ? [input?: TEndpointInput<TDefinition>, options?: TCallOptions]
    : [input: TEndpointInput<TDefinition>, options?: TCallOptions]
): Promise<TEndpointOutput<TDefinition>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown> | URLSearchParams;
    body?: unknown;
  };
  const answer = await apiRequest(`${endpointPath(endpoint, params)}${queryString(query)}`, {
    method: endpoint.method.toUpperCase() as NonNullable<TRequestOptions['method']>,
    body,
    signal: options?.signal,
  });
  const success = Object.entries(endpoint.responses).find(([status]) => Number(status) < 300)?.[1];
  const schema = success && !success.contentType ? success.body : undefined;
  return (schema ? schema.parse(answer) : undefined) as TEndpointOutput<TDefinition>;
}
