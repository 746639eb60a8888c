import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineApiReference } from './api-reference.ts';
import { compareRoutesWithReference } from './api-reference-coverage.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

const ZNoteSchema = z.object({ id: z.uuid(), text: z.string() });
const reference = defineApiReference({
  service: 'marketing',
  description: 'Notes.',
  routes: [
    {
      method: 'get',
      path: '/api/marketing/notes/:id',
      summary: 'One note',
      auth: 'session',
      responses: { 200: { description: 'The note.', body: ZNoteSchema } },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'post',
      path: '/api/marketing/notes',
      summary: 'Write a note',
      auth: 'public',
      onlyWhen: 'notes are on',
      // What a client sends (the input side): the default makes `page` optional, the transform is invisible.
      query: z.object({ page: z.coerce.number().int().min(1).default(1) }),
      body: z.object({
        text: z
          .string()
          .trim()
          .min(1)
          .transform((text) => text.toUpperCase()),
      }),
      responses: { 201: { description: 'Written.', body: ZNoteSchema } },
    },
  ],
});

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument([reference], { title: 'Test', version: '1' });

  it('writes Hono paths as OpenAPI templates, with their path parameters', () => {
    const get = document.paths['/api/marketing/notes/{id}']?.get;
    expect(get?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(get?.security).toEqual([{ session: [] }]);
  });

  it('adds the errors every route of its kind can answer, and its own', () => {
    const get = document.paths['/api/marketing/notes/{id}']?.get;
    expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '401', '404']);
    const post = document.paths['/api/marketing/notes']?.post;
    expect(Object.keys(post?.responses ?? {}).sort()).toEqual(['201', '400', '403', '413']);
    expect(post?.responses['400']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });

  it('documents requests by what they accept and answers by what they send', () => {
    const post = document.paths['/api/marketing/notes']?.post;
    expect(post?.parameters).toEqual([
      { name: 'page', in: 'query', required: false, schema: expect.objectContaining({ default: 1 }) },
    ]);
    expect(post?.requestBody?.content['application/json']?.schema).toMatchObject({
      properties: { text: { type: 'string', minLength: 1 } },
      required: ['text'],
    });
    expect(post?.description).toBe('Only when notes are on.');
    expect(document.paths['/api/marketing/health']?.get?.responses).toHaveProperty('503');
  });
});

describe('compareRoutesWithReference', () => {
  it('names routes nobody documented and documented routes the app lacks; middleware is no route', () => {
    const app = new Hono()
      .use('*', async (_c, next) => next())
      .get('/api/marketing/notes/:id', (c) => c.json({}))
      .delete('/api/marketing/notes/:id', (c) => c.body(null, 204))
      .get('/api/marketing/health', (c) => c.json({}));
    expect(compareRoutesWithReference(app, reference)).toEqual({
      undocumented: ['DELETE /api/marketing/notes/:id'],
      missing: ['POST /api/marketing/notes'],
    });
  });
});
