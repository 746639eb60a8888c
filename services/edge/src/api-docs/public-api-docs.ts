import { OpenAPIHono } from '@hono/zod-openapi';
import {
  API_KEY_MESSAGES,
  API_REQUESTS_PER_HOUR,
  ERROR_STATUS,
  PROBLEM_CONTENT_TYPE,
  type TEndpoint,
  V1_DOCS_PATHS,
  V1_ENDPOINT_LIST,
  V1_PATHS,
  V1_PREFIXES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_PAYLOAD_SCHEMAS,
  ZExtractionRowSchema,
  ZProblemSchema,
  ZRunSchema,
  ZV1CreditsSchema,
  ZV1ExtractionPageSchema,
  ZV1RunResultItemSchema,
  ZV1RunResultsSchema,
  ZV1StartRunRequestSchema,
} from '@prospector/contracts';
import { openApiPath, routeOf, securityHeaders, withNamedSchemas } from '@prospector/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import { codeBlock, escapeHtml, renderApiDocsPage, type TOpenApiDocument } from './api-docs-page.ts';
import { WEBHOOKS_DOCS_HTML } from './public-api-webhooks-docs.ts';

/** `run.completed` → `RunCompletedWebhook`. */
function webhookSchemaName(type: string): string {
  return `${type.replace(/(?:^|[._])([a-z])/g, (_match, letter: string) => letter.toUpperCase())}Webhook`;
}

/** The schemas a generated client names (`components.schemas`): each is written once and referred to. */
export const PUBLIC_API_SCHEMAS = {
  Run: ZRunSchema,
  RunResult: ZV1RunResultItemSchema,
  RunResultsPage: ZV1RunResultsSchema,
  StartRunRequest: ZV1StartRunRequestSchema,
  Extraction: ZExtractionRowSchema,
  ExtractionPage: ZV1ExtractionPageSchema,
  Credits: ZV1CreditsSchema,
  Problem: ZProblemSchema,
  ...Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [webhookSchemaName(type), WEBHOOK_PAYLOAD_SCHEMAS[type]]),
  ),
};

const WEBHOOK_HEADERS = z.object({
  'webhook-id': z.string().describe('The message’s id, the same on every retry: skip one already handled.'),
  'webhook-timestamp': z.string().describe('Seconds since 1970 when this attempt was signed.'),
  'webhook-signature': z.string().describe('`v1,<base64 HMAC-SHA256>`, space-separated after a rotation.'),
});

const TAGS = [
  { name: 'Runs', description: 'Start extractions and follow them: the Info Extractor’s runs.' },
  { name: 'Extractions', description: 'The saved records of the Database page: list, export, delete.' },
  { name: 'Credits', description: 'What the key’s owner has left to spend.' },
];

/** The v1 OpenAPI 3.1 document, generated from the same endpoints the services serve. */
export function buildPublicApiDocument(endpoints: readonly TEndpoint[] = V1_ENDPOINT_LIST) {
  const generator = new OpenAPIHono();
  generator.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key from Settings → API, sent as `Authorization: Bearer pk_…`.',
  });
  for (const endpoint of endpoints) {
    const { middleware: _middleware, ...route } = routeOf(endpoint);
    const operationId = `${route.method}${route.path}`.replace(
      /[^A-Za-z0-9]+(.)?/g,
      (_m, next: string | undefined) => (next ? next.toUpperCase() : ''),
    );
    generator.openAPIRegistry.registerPath({ operationId, ...route });
  }
  for (const type of WEBHOOK_EVENT_TYPES) {
    generator.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      operationId: webhookSchemaName(type),
      summary: WEBHOOK_EVENTS[type].description,
      description: 'Posted to the endpoint set in Settings → Webhooks, signed per Standard Webhooks.',
      request: {
        headers: WEBHOOK_HEADERS,
        body: { required: true, content: { 'application/json': { schema: WEBHOOK_PAYLOAD_SCHEMAS[type] } } },
      },
      responses: {
        200: { description: 'Any 2xx within 10 seconds acknowledges it; anything else is retried.' },
      },
    });
  }
  return withNamedSchemas(PUBLIC_API_SCHEMAS, () =>
    generator.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Prospector API v1',
        version: '1.0.0',
        description:
          'The stable, versioned API for your own tools: start extractions, read their results, and work ' +
          'with your saved records and credits. Every request is authenticated with an API key and acts as ' +
          'the key’s owner, with the owner’s credits and data only.',
      },
      tags: TAGS,
    }),
  );
}

const EXAMPLE_BODIES: Record<string, string> = {
  [`post ${openApiPath(V1_PATHS.runs)}`]: `{"usernames": ["natgeo", "nasa"]}`,
};

/** A copy-paste curl command for an operation; `$PROSPECTOR_URL` and `$PROSPECTOR_API_KEY` set once above. */
export function curlExample(path: string, method: string): string {
  const lines = [
    `curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "$PROSPECTOR_URL${path.replace(/\{id\}/g, path.startsWith(V1_PREFIXES.runs) ? '$RUN_ID' : '$EXTRACTION_ID')}"`,
  ];
  lines.push(`  -H "Authorization: Bearer $PROSPECTOR_API_KEY"`);
  const body = EXAMPLE_BODIES[`${method} ${path}`];
  if (body) {
    lines.push(
      `  -H "Content-Type: application/json"`,
      `  -H "Idempotency-Key: $(date +%s)-$$"`,
      `  -d '${body}'`,
    );
  }
  if (path === V1_PATHS.exportExtractions) lines.push('  -o extractions.csv');
  return lines.join(' \\\n');
}

/** Copy-paste: `POST /runs`, its id kept, then `GET /runs/{id}` and `GET /runs/{id}/results`. */
export const QUICK_START = [
  `RUN_ID=$(${curlExample(openApiPath(V1_PATHS.runs), 'post').replace('curl ', 'curl -s ')} \\\n  | sed -E 's/.*"id":"([^"]+)".*/\\1/')`,
  'echo "$RUN_ID"',
  '',
  curlExample(openApiPath(V1_PATHS.run), 'get'),
  '',
  curlExample(openApiPath(V1_PATHS.runResults), 'get'),
].join('\n');

function introHtml(): string {
  const codes = Object.entries(ERROR_STATUS)
    .map(
      ([code, status]) =>
        `<tr id="error-${code.toLowerCase()}"><td><code>${code}</code></td><td>${status}</td></tr>`,
    )
    .join('');
  return `<p>As OpenAPI 3.1: <a href="${V1_DOCS_PATHS.openapi}">${V1_DOCS_PATHS.openapi}</a>.</p>
<h2 id="authentication">Authentication</h2>
<p>Create a key in <a href="/dashboard/settings?tab=api">Settings → API</a>; it is shown once. Send it on every request:</p>
${codeBlock(`export PROSPECTOR_URL="https://your-prospector-address"\nexport PROSPECTOR_API_KEY="pk_…"\n\n${curlExample(V1_PATHS.credits, 'get')}`, 'Authentication example')}
<h2 id="quick-start">Quick start</h2>
<p>Start a run, keep its id, and read its results (each account's outcome and profile) once it has finished; <code>GET ${openApiPath(V1_PATHS.run)}</code> says how far it is:</p>
${codeBlock(QUICK_START, 'Quick start: start a run and read its results')}
<p>A revoked key stops working at once. A key acts as its owner: an owner whose trial ended without a plan gets <code>402 TRIAL_EXPIRED</code> when starting runs, as in the app.</p>
<h2 id="rate-limits">Rate limits</h2>
<p>An account may send ${API_REQUESTS_PER_HOUR.toLocaleString('en-US')} requests per hour, whichever of its keys sends them (more keys do not raise it, and a revoked key's requests still count). The count resets at the top of each hour (UTC). Every answer says where the account stands, in the IETF <code>RateLimit-Policy</code> and <code>RateLimit</code> fields (<code>q</code> the quota, <code>w</code> the window in seconds, <code>r</code> what is left, <code>t</code> seconds until it resets):</p>
${codeBlock(`RateLimit-Policy: "hour";q=${API_REQUESTS_PER_HOUR};w=3600\nRateLimit: "hour";r=998;t=1800`)}
<p>Past the limit the answer is <code>429</code> with <code>Retry-After</code> (seconds) and the title “${escapeHtml(API_KEY_MESSAGES.rateLimited)}”.</p>
<h2 id="idempotency">Idempotency</h2>
<p><code>POST ${V1_PATHS.runs}</code> takes an <code>Idempotency-Key</code> header (any unique string, a UUID is best; kept 24 hours). A retry with the same key and body answers the run the first request started (with <code>Idempotent-Replayed: true</code>) and starts nothing; the same key with another body answers <code>409 IDEMPOTENCY_KEY_REUSED</code>, and while the first request is still starting its run, <code>409 IDEMPOTENCY_KEY_IN_USE</code> (retry shortly). A run of usernames that were all extracted before is a different 409, <code>ALREADY_EXTRACTED</code>: nothing was started or charged.</p>
<h2 id="pagination">Pagination</h2>
<p>Lists answer <code>{ items, nextCursor }</code>. Pass <code>nextCursor</code> as <code>cursor</code> for the next page; it is <code>null</code> on the last. <code>limit</code> sets the page size.</p>
<h2 id="errors">Errors</h2>
<p>Failures answer <code>${PROBLEM_CONTENT_TYPE}</code> (RFC 9457): <code>{ type, title, status, code, instance }</code>. <code>code</code> is stable and <code>type</code> points at its row below; <code>title</code> is the message the app shows for it.</p>
${codeBlock(`{\n  "type": "/docs/api#error-insufficient_credits",\n  "title": "You need 12 credits but only have 3",\n  "status": 402,\n  "code": "INSUFFICIENT_CREDITS",\n  "instance": "/api/v1/runs"\n}`)}
<table><thead><tr><th>code</th><th>status</th></tr></thead><tbody>${codes}</tbody></table>
<p>A path the API does not have answers <code>404 NOT_FOUND</code>; a path it has, asked with another method, <code>405 METHOD_NOT_ALLOWED</code> with <code>Allow</code> listing the methods it answers. A body sent as anything but <code>application/json</code> answers <code>415</code>.</p>
<h2 id="changes">Changes</h2>
<ul>
<li><strong>Breaking:</strong> <code>POST ${V1_PATHS.runs}</code> answers the run itself, the same shape as <code>GET ${openApiPath(V1_PATHS.run)}</code> (it answered <code>{ "run": … }</code>).</li>
<li>The two 409s of <code>POST ${V1_PATHS.runs}</code> have their own codes: <code>IDEMPOTENCY_KEY_REUSED</code> (and <code>IDEMPOTENCY_KEY_IN_USE</code>) and <code>ALREADY_EXTRACTED</code> (they were both <code>CONFLICT</code>).</li>
<li>An export that matches nothing answers 200 with the header row (it answered 404).</li>
<li>A run's results no longer carry <code>profile_pic_url</code>: it was a path of the app's own picture route, which answers only a signed-in browser.</li>
<li>The hourly request limit is the account's, whichever key sends the request (it was each key's).</li>
</ul>`;
}

/** The reference page: the document rendered by our own page (no script, nothing from elsewhere). */
export function renderPublicApiPage(document: TOpenApiDocument): string {
  return renderApiDocsPage(document, V1_DOCS_PATHS.openapi, {
    introHtml: introHtml(),
    operationHtml: (path, method) =>
      `<h4>Example</h4>${codeBlock(curlExample(path, method), `Example: ${method.toUpperCase()} ${path}`)}`,
    afterHtml: WEBHOOKS_DOCS_HTML,
  });
}

/** `/api/v1/openapi.json` and `/docs/api`, in every mode (the public API's documentation is public). */
export function createPublicApiDocsRoutes() {
  const document = buildPublicApiDocument();
  const page = renderPublicApiPage(document as unknown as TOpenApiDocument);
  return new Hono()
    .use(V1_DOCS_PATHS.page, securityHeaders())
    .get(V1_DOCS_PATHS.openapi, (c) => c.json(document))
    .get(V1_DOCS_PATHS.page, (c) => c.html(page));
}
