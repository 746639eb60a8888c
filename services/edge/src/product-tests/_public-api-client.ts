import { ACCOUNT_ENDPOINTS, endpointPath, type TCreatedApiKey } from '@prospector/contracts';
import type { TSignedUpUser } from '../../bench/sign-up-user.ts';

/** Settings → API as the browser calls it: the user's session cookie, this origin. */
export async function createApiKey(url: string, user: Pick<TSignedUpUser, 'cookie'>, name = 'CRM') {
  const response = await fetch(`${url}${ACCOUNT_ENDPOINTS.apiKeys.path}`, {
    method: 'POST',
    headers: { cookie: user.cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201)
    throw new Error(`key creation failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as TCreatedApiKey;
}

export async function revokeApiKey(url: string, user: Pick<TSignedUpUser, 'cookie'>, id: string) {
  const response = await fetch(`${url}${endpointPath(ACCOUNT_ENDPOINTS.revokeApiKey, { id: id })}`, {
    method: 'DELETE',
    headers: { cookie: user.cookie, origin: url },
  });
  return response.status;
}

/** A /api/v1 call with a key, as a customer's tool sends it (no cookie, no Origin). */
export async function callV1(
  url: string,
  secret: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  // Not JSON (a CSV): an empty object, so tests read fields without guarding every access.
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = {};
  }
  return { status: response.status, headers: response.headers, text, json };
}
