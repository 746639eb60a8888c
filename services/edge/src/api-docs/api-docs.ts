import {
  buildOpenApiDocument,
  securityHeaders,
  type TServiceDefinition,
  usePerPrefix,
} from '@prospector/service-kit';
import { Hono } from 'hono';
import { renderApiDocsPage, type TOpenApiDocument } from './api-docs-page.ts';

export const API_DOCS_PATHS = { page: '/api/docs', json: '/api/docs/openapi.json' } as const;

/** One OpenAPI 3.1 document for every service's endpoints, in the order the edge mounts them. */
export function buildApiDocument(services: readonly TServiceDefinition[]): TOpenApiDocument {
  const document = buildOpenApiDocument(
    services.flatMap(({ name, api }) => (api ? [{ name, api }] : [])),
    {
      title: 'Prospector API',
      version: '1.0.0',
      description:
        'Every service’s HTTP routes, as the edge serves them on one origin. Signed-in routes take the ' +
        'session cookie `/api/auth/sign-in/email` sets; state-changing requests must come from this origin. ' +
        'Generated from the endpoint definitions the routes are built from (`@prospector/contracts`).',
    },
  );
  // The generator's type is OpenAPI's whole, loose object; the page reads the subset it emits.
  return document as unknown as TOpenApiDocument;
}

/**
 * `/api/docs` (HTML) and `/api/docs/openapi.json`: the API reference, built once. The composition
 * roots mount it in development and embedded modes, and elsewhere only when API_DOCS=on.
 */
export function createApiDocsRoutes(services: readonly TServiceDefinition[]) {
  const document = buildApiDocument(services);
  const page = renderApiDocsPage(document, API_DOCS_PATHS.json);
  const docs = new Hono();
  usePerPrefix(docs, [API_DOCS_PATHS.page], securityHeaders());
  docs.get(API_DOCS_PATHS.json, (c) => c.json(document));
  docs.get(API_DOCS_PATHS.page, (c) => c.html(page));
  return docs;
}
