import { AUTH_ERROR_MESSAGES, type TAuthErrorBody } from '@prospector/contracts';

/**
 * The body of an auth error: the text docs/product.md gives better-auth's code (§8), else better-auth's
 * own message ("Other messages are shown as received").
 */
export function authErrorBody(code: string, message: string): TAuthErrorBody {
  const text = (AUTH_ERROR_MESSAGES as Record<string, string>)[code] ?? message;
  return { code, message: text, error: { code, message: text } };
}

/**
 * The one place auth errors are shaped: every failed `/api/auth/*` JSON answer becomes
 * `{ code, message, error: { code, message } }` with the spec's text, a 429 coded RATE_LIMITED.
 */
export async function reshapeAuthError(response: Response): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const original = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  const code =
    response.status === 429
      ? 'RATE_LIMITED'
      : typeof original.code === 'string'
        ? original.code
        : response.status >= 500
          ? 'INTERNAL'
          : 'BAD_REQUEST';
  const message = typeof original.message === 'string' ? original.message : AUTH_ERROR_MESSAGES.INTERNAL;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(authErrorBody(code, message)), { status: response.status, headers });
}
