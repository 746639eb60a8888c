import { ProviderError } from '../provider-port.ts';

export interface TJsonApiResponse {
  status: number;
  /** The parsed body; undefined when it was empty or not JSON. */
  body: unknown;
  /** From a Retry-After header (seconds or an HTTP date), when there was one. */
  retryAfterMs: number | undefined;
}

export interface TJsonApiRequest {
  /** Who answers, for messages ("Apify", "Instagram Graph API"). */
  service: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  now?: () => number;
}

/** Reads Retry-After: delta seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * One HTTP call to a provider's JSON API with a timeout. Network failures and timeouts become
 * ProviderError('unavailable'); every HTTP answer is returned for the provider to read, since each
 * API words its errors differently.
 */
export async function callJsonApi(request: TJsonApiRequest): Promise<TJsonApiResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    const reason = timeout.aborted ? `no answer within ${request.timeoutMs} ms` : 'could not be reached';
    throw new ProviderError('unavailable', `${request.service} ${reason}`, undefined, { cause: error });
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return {
    status: response.status,
    body,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), request.now?.() ?? Date.now()),
  };
}
