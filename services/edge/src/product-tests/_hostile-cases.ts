import { request } from 'node:http';
import type { TRouteKey } from '../testing/_composed-app.ts';
import { API_ROUTES, fillPath, isUnsafeMethod, methodOf, pathOf } from './_api-routes.ts';

/** One request an attacker could send; the suite sends each signed in and signed out. */
export interface THostileCase {
  route: TRouteKey;
  /** What is hostile about it. */
  name: string;
  method: string;
  /** Path and query, already encoded. */
  target: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  /** The body field made hostile, for cases that change one field of a valid body. */
  field?: string;
}

const MB = 1024 * 1024;
const encoder = new TextEncoder();
const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...encoder.encode(part)] : part)));

/** Hostile JSON values, as raw JSON text (some have no JavaScript form: 1e400, a lone surrogate). */
const HOSTILE_VALUES: Record<string, string> = {
  null: 'null',
  boolean: 'true',
  'negative number': '-1',
  'number beyond double (Infinity)': '1e400',
  'integer beyond 2^53': '9007199254740993',
  'blank string': '"   "',
  'NUL character': JSON.stringify('a\u0000b'),
  'C0 controls and an ANSI escape': JSON.stringify('a\u0007\u001b[31m\u0008b'),
  'bidi override': JSON.stringify('report\u202Efdp.exe'),
  'zero-width characters': JSON.stringify('a\u200Bb\u200Dc\uFEFF'),
  'lone surrogate': '"\\ud800x"',
  'over-long string (10 000 characters)': JSON.stringify('x'.repeat(10_000)),
  // Nested "javascript:" once made text cleaning quadratic (one pass per nesting level).
  'nested javascript: pattern': JSON.stringify(`${'java'.repeat(1_500)}${'script:'.repeat(1_000)}`),
  markup: JSON.stringify('<script>alert(1)</script><img src=x onerror=alert(1)>'),
  'SQL fragment': JSON.stringify("' OR 1=1; DROP TABLE users; --"),
  'prototype name': '"__proto__"',
  'array of strings': '["x","y"]',
  'object with prototype keys':
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
};

/** Hostile query values, already URL-encoded. */
const HOSTILE_QUERY_VALUES: Record<string, string> = {
  'negative number': '-1',
  zero: '0',
  'number beyond double': '1e309',
  NaN: 'NaN',
  Infinity: 'Infinity',
  'huge integer': '99999999999999999999',
  fraction: '1.5',
  empty: '',
  'NUL character': '%00',
  'bidi override': '%E2%80%AE',
  'zero-width space': '%E2%80%8B',
  'over-long value (5 000 characters)': 'x'.repeat(5_000),
  'malformed percent-encoding': '%E0%A4%A',
  'SQL fragment': encodeURIComponent("' OR 1=1 --"),
  'LIKE wildcards': encodeURIComponent('%_%\\'),
};

/** Hostile path parameters, already URL-encoded. */
const HOSTILE_PARAMS: Record<string, string> = {
  'not an id': 'nope',
  'nil UUID': '00000000-0000-0000-0000-000000000000',
  'NUL character': '%00',
  'over-long (2 000 characters)': 'x'.repeat(2_000),
  'encoded path traversal': '..%2F..%2Fetc%2Fpasswd',
  'malformed percent-encoding': '%E0%A4%A',
  'negative number': '-1',
  'number beyond double': '1e400',
  'prototype name': '__proto__',
  constructor: 'constructor',
  'bidi override': '%E2%80%AE',
  'SQL fragment': encodeURIComponent("' OR 1=1 --"),
};

/** Valid values for the path parameters the routes use. */
const EXAMPLE_PARAMS: Record<string, string> = {
  runId: '6f1c2a8e-5b7d-4e3f-9a1b-2c3d4e5f6a7b',
  listId: '6f1c2a8e-5b7d-4e3f-9a1b-2c3d4e5f6a7b',
  id: '6f1c2a8e-5b7d-4e3f-9a1b-2c3d4e5f6a7b',
  key: 'sandbox.natgeo',
  sessionId: 'cs_sandbox_unknown',
};

function hostileBodies(example: string): Array<[string, THostileCase['body']]> {
  const inner = example.slice(1, -1);
  const withExample = (prefix: string) => `{${prefix}${inner ? `,${inner}` : ''}}`;
  return [
    ['invalid JSON', '{"a":'],
    ['NaN literal', '{"a":NaN}'],
    ['trailing garbage', `${example}}}]`],
    ['empty body', ''],
    ['JSON null', 'null'],
    ['JSON number beyond double', '1e400'],
    ['JSON string', '"x"'],
    ['array where an object is expected', `[${example}]`],
    ['deeply nested arrays (5 000 levels)', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
    ['deeply nested objects (2 000 levels)', `${'{"a":'.repeat(2_000)}null${'}'.repeat(2_000)}`],
    [
      'prototype keys',
      withExample('"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}'),
    ],
    ['duplicate keys', `${example.slice(0, -1)}${inner ? ',' : ''}"${firstKey(example)}":{"dup":1}}`],
    ['raw NUL byte', bytes('{"a":"', [0], '"}')],
    ['invalid UTF-8', bytes(`${example.slice(0, -1)}${inner ? ',' : ''}"x":"`, [0xc3, 0x28, 0xff], '"}')],
    ['byte-order mark', `\uFEFF${example}`],
    ['oversized (1 MB)', JSON.stringify({ a: 'x'.repeat(MB) })],
    ['oversized, chunked without a length (1 MB)', () => chunked(16, 64 * 1024)],
  ];
}

const firstKey = (example: string) => Object.keys(JSON.parse(example) as object)[0] ?? 'a';

function chunked(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(encoder.encode('{"a":"'));
      if (sent >= chunks) {
        controller.enqueue(encoder.encode('"}'));
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(size).fill(0x78));
      sent += 1;
    },
  });
}

const CONTENT_TYPES: Record<string, string | undefined> = {
  'text/plain content type': 'text/plain',
  'form content type': 'application/x-www-form-urlencoded',
  'multipart content type without parts': 'multipart/form-data; boundary=zzz',
  'no content type': undefined,
  'JSON declared as UTF-16': 'application/json; charset=utf-16le',
  'XML content type': 'application/xml',
};

/** The route called as its client would: example path parameters, query and body. */
export function validCaseFor(route: TRouteKey, origin: string): THostileCase {
  const spec = API_ROUTES[route] ?? {};
  const unsafe = isUnsafeMethod(route);
  return {
    route,
    name: 'valid request',
    method: methodOf(route),
    target: `${fillPath(route, (name) => EXAMPLE_PARAMS[name] ?? 'x')}${spec.query ? `?${new URLSearchParams(spec.query)}` : ''}`,
    headers: unsafe ? { origin, 'content-type': 'application/json' } : {},
    body: unsafe ? JSON.stringify(spec.body ?? {}) : undefined,
  };
}

/**
 * Every hostile case for one route, generated from what API_ROUTES says about it: body, field,
 * content-type, query, path-parameter and header abuse, and the wrong method.
 */
export function hostileCasesFor(route: TRouteKey, origin: string): THostileCase[] {
  const spec = API_ROUTES[route] ?? {};
  const method = methodOf(route);
  const unsafe = isUnsafeMethod(route);
  const path = fillPath(route, (name) => EXAMPLE_PARAMS[name] ?? 'x');
  const query = spec.query ? `?${new URLSearchParams(spec.query)}` : '';
  const baseHeaders: Record<string, string> = unsafe ? { origin } : {};
  const json = { ...baseHeaders, 'content-type': 'application/json' };
  const cases: THostileCase[] = [];
  const add = (name: string, overrides: Partial<THostileCase>) =>
    cases.push({ route, name, method, target: `${path}${query}`, headers: baseHeaders, ...overrides });

  if (unsafe) {
    const example = JSON.stringify(spec.body ?? {});
    for (const [name, body] of hostileBodies(example)) add(name, { headers: json, body });
    for (const [name, type] of Object.entries(CONTENT_TYPES)) {
      const body = type === 'application/x-www-form-urlencoded' ? 'a=1&__proto__[polluted]=1' : example;
      add(name, { headers: type ? { ...baseHeaders, 'content-type': type } : baseHeaders, body });
    }
    for (const field of Object.keys(spec.body ?? {})) {
      for (const [name, value] of Object.entries(HOSTILE_VALUES)) {
        const body = JSON.stringify({ ...spec.body, [field]: '\u0000HOSTILE\u0000' }).replace(
          '"\\u0000HOSTILE\\u0000"',
          value,
        );
        add(`${field}: ${name}`, { headers: json, body, field });
      }
    }
    add('Origin "null"', { headers: { ...json, origin: 'null' }, body: example });
    add('Origin that is not a URL', { headers: { ...json, origin: 'http://[' }, body: example });
    add('no Origin, script Referer', {
      headers: { 'content-type': 'application/json', referer: 'javascript:alert(1)' },
      body: example,
    });
    add('wrong method (GET)', { method: 'GET', headers: {} });
  } else {
    add('prototype keys in the query', {
      target: `${path}?__proto__[polluted]=1&constructor[prototype][x]=1`,
    });
    add('NUL in the query', { target: `${path}?q=%00&token=%00` });
    add('malformed percent-encoding in the query', { target: `${path}?q=%E0%A4%A&%zz=1` });
    add('2 000 query parameters', { target: `${path}?${'a=1&'.repeat(2_000)}` });
    add('over-long query (8 000 characters)', { target: `${path}?q=${'x'.repeat(8_000)}` });
    for (const key of Object.keys(spec.query ?? {})) {
      const others = new URLSearchParams(spec.query);
      others.delete(key);
      const rest = others.size ? `&${others}` : '';
      for (const [name, value] of Object.entries(HOSTILE_QUERY_VALUES))
        add(`${key}: ${name}`, { target: `${path}?${key}=${value}${rest}` });
      add(`${key}: repeated`, { target: `${path}?${key}=a&${key}=b&${key}=c${rest}` });
      add(`${key}: array syntax`, { target: `${path}?${key}[]=a&${key}[__proto__]=b${rest}` });
    }
    add('wrong method (PUT with a body)', {
      method: 'PUT',
      headers: { origin, 'content-type': 'application/json' },
      body: '{"__proto__":{"polluted":true}}',
    });
  }

  for (const param of pathOf(route).match(/:[A-Za-z]+/g) ?? []) {
    const name = param.slice(1);
    for (const [label, value] of Object.entries(HOSTILE_PARAMS)) {
      const target = fillPath(route, (other) => (other === name ? value : (EXAMPLE_PARAMS[other] ?? 'x')));
      add(`${name}: ${label}`, {
        target: `${target}${query}`,
        headers: unsafe ? json : baseHeaders,
        body: unsafe ? JSON.stringify(spec.body ?? {}) : undefined,
      });
    }
  }

  add('garbage session cookie', {
    headers: { ...baseHeaders, cookie: 'better-auth.session_token=%00%ff%fe.x; __proto__=1; constructor=2' },
  });
  add('over-long cookie (8 000 characters)', {
    headers: { ...baseHeaders, cookie: `better-auth.session_token=${'x'.repeat(8_000)}` },
  });
  return cases;
}

/**
 * Sends a case on a connection of its own (node:http, not fetch): the app may answer an oversized
 * body before reading it and close the connection, which must neither lose that answer nor break
 * the next case's request. Event streams are answered once their headers arrive.
 */
export function sendRaw(
  baseUrl: string,
  hostile: THostileCase,
  cookie: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(baseUrl);
    const outgoing = request({
      host: url.hostname,
      port: url.port,
      method: hostile.method,
      path: hostile.target,
      headers: { ...hostile.headers, ...(cookie ? { cookie } : {}) },
      agent: false,
      timeout: 10_000,
    });
    let answered = false;
    outgoing.on('response', (response) => {
      answered = true;
      if (response.headers['content-type']?.includes('text/event-stream')) {
        response.destroy();
        resolve({ status: response.statusCode ?? 0, text: '' });
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 10 s')));
    // Writing the rest of a refused body fails once the app has answered and closed: not a failure.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    void writeBody(outgoing, hostile.body);
  });
}

async function writeBody(outgoing: ReturnType<typeof request>, body: THostileCase['body']) {
  if (typeof body !== 'function') {
    outgoing.end(body);
    return;
  }
  const reader = body().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done || outgoing.destroyed) break;
    if (!outgoing.write(value)) await drainedOrClosed(outgoing);
  }
  outgoing.end();
}

/** Waits until the request can take more, or is gone (the app answered and closed it). */
function drainedOrClosed(outgoing: ReturnType<typeof request>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      outgoing.off('drain', done);
      outgoing.off('close', done);
      resolve();
    };
    outgoing.on('drain', done);
    outgoing.on('close', done);
  });
}
