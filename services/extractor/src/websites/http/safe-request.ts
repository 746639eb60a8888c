import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import {
  BlockedAddressError,
  checkedLookup,
  ipLiteralOf,
  type TAddressPolicy,
  type TResolveHost,
} from '@prospector/service-kit';

/** The answer grew past the byte limit (declared or while reading, after decompression). */
export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
    this.name = 'ResponseTooLargeError';
  }
}

/** A URL that is not plain http(s) without credentials. */
export class RefusedUrlError extends Error {
  constructor(url: string) {
    super(`Only http and https links are followed: ${url}`);
    this.name = 'RefusedUrlError';
  }
}

export interface TSafeRequestOptions {
  policy: TAddressPolicy;
  /** Name resolution, asked once per connection and only by it. */
  resolve?: TResolveHost;
  userAgent: string;
  accept: string;
  /** Bytes of body kept, after decompression; beyond them the download is aborted. */
  maxBytes: number;
  /** Aborts the request and the download (the page's timeout, the account's budget). */
  signal: AbortSignal;
  /** Whether an answer's body is wanted; otherwise the connection is closed without reading it. */
  wantsBody: (status: number, mediaType: string) => boolean;
}

export interface TSafeResponse {
  status: number;
  /** The Location header, for redirects. */
  location: string | null;
  /** The Content-Type's media type, lower case (`text/html`), or '' when none was given. */
  mediaType: string;
  charset: string | null;
  /** Null when the body was not wanted. */
  body: Buffer | null;
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(createGunzip());
  if (encoding === 'deflate') return response.pipe(createInflate());
  if (encoding === 'br') return response.pipe(createBrotliDecompress());
  if (encoding === 'identity' || encoding === '') return response;
  throw new Error(`Unsupported content encoding ${encoding}`);
}

/**
 * One GET, no redirect followed (the caller checks each hop): http(s) only, only to allowed addresses
 * (literal IPs checked before, names at connection time), a capped body, aborted by `signal`.
 */
export function safeRequest(url: URL, options: TSafeRequestOptions): Promise<TSafeResponse> {
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return Promise.reject(new RefusedUrlError(url.href));
  }
  const literal = ipLiteralOf(url.hostname);
  if (literal && !options.policy.allows(literal)) {
    return Promise.reject(new BlockedAddressError(url.hostname, literal));
  }
  if (options.signal.aborted) return Promise.reject(options.signal.reason);

  return new Promise<TSafeResponse>((resolve, reject) => {
    const cleanups: Array<() => void> = [];
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      for (const cleanup of cleanups) cleanup();
      outcome();
    };
    const fail = (error: unknown) => settle(() => reject(error));

    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'GET',
      agent: false,
      lookup: checkedLookup(options.policy, options.resolve),
      headers: {
        'user-agent': options.userAgent,
        accept: options.accept,
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    const onAbort = () => {
      request.destroy();
      fail(options.signal.reason);
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => options.signal.removeEventListener('abort', onAbort));
    cleanups.push(() => request.destroy());
    request.on('error', fail);

    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const [mediaType = '', ...parameters] = (response.headers['content-type'] ?? '').split(';');
      const charset =
        parameters
          .map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(parameter)?.[1])
          .find(Boolean) ?? null;
      const head = {
        status,
        location: response.headers.location ?? null,
        mediaType: mediaType.trim().toLowerCase(),
        charset,
      };
      if (!options.wantsBody(status, head.mediaType)) return settle(() => resolve({ ...head, body: null }));
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        return fail(new ResponseTooLargeError(options.maxBytes));
      }
      let body: Readable;
      try {
        body = decoded(response);
      } catch (error) {
        return fail(error);
      }
      cleanups.push(() => body.destroy());
      const chunks: Buffer[] = [];
      let total = 0;
      body.on('data', (chunk: Buffer) => {
        total += chunk.byteLength;
        if (total > options.maxBytes) return fail(new ResponseTooLargeError(options.maxBytes));
        chunks.push(chunk);
      });
      body.on('error', fail);
      response.on('error', fail);
      response.on('aborted', () => fail(new Error('The connection closed before the page ended')));
      body.on('end', () => settle(() => resolve({ ...head, body: Buffer.concat(chunks) })));
    });
    request.end();
  });
}
