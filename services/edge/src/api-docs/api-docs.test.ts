import { loadEnv } from '@prospector/config';
import { createLogger, SERVICE_NAMES } from '@prospector/service-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEdgeApp } from '../composition/edge-app.ts';
import { SERVICES } from '../composition/services.ts';
import { startEmbedded } from '../composition/start-embedded.ts';
import { apiDocsEnabled, edgeEnvShape, loadEmbeddedEnv } from '../env.ts';
import { createComposedAppDatabase } from '../testing/_composed-app.ts';
import { API_DOCS_PATHS, buildApiDocument } from './api-docs.ts';
import type { TOpenApiDocument } from './api-docs-page.ts';

const logger = createLogger({ test: 'api-docs' }, 'silent');
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * What makes an OpenAPI 3.1 document usable, checked by hand (no validator is installed): required
 * fields, path templates matched by required path parameters, unique operation ids, declared tags and
 * security schemes, a description on every response, and every `$ref` resolving.
 */
function openApiProblems(document: TOpenApiDocument): string[] {
  const problems: string[] = [];
  if (document.openapi !== '3.1.0') problems.push(`openapi is ${document.openapi}`);
  if (!document.info?.title || !document.info?.version) problems.push('info needs title and version');
  const tags = new Set(document.tags.map((tag) => tag.name));
  const operationIds = new Set<string>();
  const refs: string[] = [];
  const collectRefs = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collectRefs);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string') refs.push(inner);
        else collectRefs(inner);
      }
    }
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/') || path.includes(':')) problems.push(`${path}: not an OpenAPI path template`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!HTTP_METHODS.has(method)) problems.push(`${where}: unknown method`);
      if (operationIds.has(operation.operationId)) problems.push(`${where}: duplicate operationId`);
      operationIds.add(operation.operationId);
      for (const tag of operation.tags) if (!tags.has(tag)) problems.push(`${where}: undeclared tag ${tag}`);
      const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      for (const name of templated) {
        if (!pathParameters.some((parameter) => parameter.name === name && parameter.required)) {
          problems.push(`${where}: no required path parameter ${name}`);
        }
      }
      for (const parameter of pathParameters) {
        if (!templated.includes(parameter.name))
          problems.push(`${where}: path parameter ${parameter.name} not in path`);
      }
      const responses = Object.entries(operation.responses);
      if (responses.length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of responses) {
        if (!/^[1-5](\d\d|XX)$/.test(status)) problems.push(`${where}: status ${status}`);
        if (!response.description) problems.push(`${where} ${status}: no description`);
      }
      for (const requirement of operation.security) {
        for (const scheme of Object.keys(requirement)) {
          if (!document.components.securitySchemes[scheme])
            problems.push(`${where}: unknown scheme ${scheme}`);
        }
      }
      if (!operation.summary) problems.push(`${where}: no summary`);
    }
  }
  collectRefs(document);
  for (const ref of refs) {
    const name = ref.replace('#/components/schemas/', '');
    if (ref === name || !document.components.schemas[name]) problems.push(`unresolved $ref ${ref}`);
  }
  return problems;
}

describe('the API reference', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('merges every service into one valid OpenAPI 3.1 document', () => {
    const document = buildApiDocument(SERVICES);
    expect(openApiProblems(document)).toEqual([]);
    expect(document.tags.map((tag) => tag.name)).toEqual([...SERVICE_NAMES]);
    for (const name of SERVICE_NAMES) {
      const operations = Object.values(document.paths).flatMap((methods) =>
        Object.values(methods).filter((operation) => operation.tags.includes(name)),
      );
      // More than the health route every service has.
      expect(operations.length, name).toBeGreaterThan(1);
    }
    const credits = document.paths['/api/billing/credits']?.get;
    expect(credits?.security).toEqual([{ session: [] }]);
    expect(credits?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['balance', 'available', 'held']),
    });
    expect(credits?.responses['401']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    const detail = document.paths['/api/database/extractions/{id}']?.get;
    expect(detail?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('is on in embedded and development mode, off in production unless asked for, and off at the edge', () => {
    vi.stubEnv('API_DOCS', '');
    expect(loadEmbeddedEnv().apiDocs).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'development', API_DOCS: 'off' })).toBe(false);
    expect(apiDocsEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(apiDocsEnabled({ NODE_ENV: 'production', API_DOCS: 'on' })).toBe(true);
    expect(loadEnv('edge', edgeEnvShape, {}).API_DOCS).toBeUndefined();
  });

  it('is served as HTML and JSON by the embedded server, under the app’s CSP', async () => {
    const testDatabase = await createComposedAppDatabase();
    const server = await startEmbedded({
      port: 0,
      databaseUrl: testDatabase.url,
      dataDir: 'unused',
      logger,
      web: false,
      apiDocs: true,
    });
    try {
      const page = await fetch(`${server.url}${API_DOCS_PATHS.page}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      expect(html).toContain('<h1>Prospector API');
      expect(html).toContain('/api/extractor/runs');
      expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
      const json = await fetch(`${server.url}${API_DOCS_PATHS.json}`);
      expect(json.status).toBe(200);
      expect(openApiProblems((await json.json()) as TOpenApiDocument)).toEqual([]);
    } finally {
      await server.stop();
      await testDatabase.drop();
    }
  });

  it('is at the distributed edge only when given the services, and never forwarded to one', async () => {
    const nowhere = Object.fromEntries(SERVICE_NAMES.map((name) => [name, 'http://127.0.0.1:9'])) as Record<
      (typeof SERVICE_NAMES)[number],
      string
    >;
    const withDocs = createEdgeApp(nowhere, logger, { apiDocs: SERVICES });
    expect((await withDocs.request(API_DOCS_PATHS.page)).status).toBe(200);
    expect((await withDocs.request(API_DOCS_PATHS.json)).status).toBe(200);
    const without = createEdgeApp(nowhere, logger);
    const response = await without.request(API_DOCS_PATHS.page);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
