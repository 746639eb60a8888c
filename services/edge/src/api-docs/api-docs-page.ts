/** The subset of an OpenAPI 3.1 document the reference uses (kept loose: it is plain JSON). */
export interface TOpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, TOpenApiOperation>>;
  components: {
    schemas: Record<string, TJsonSchema>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

export type TJsonSchema = Record<string, unknown>;

export interface TOpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: TJsonSchema;
}

export interface TOpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters?: TOpenApiParameter[];
  requestBody?: { required: true; content: Record<string, { schema: TJsonSchema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { description: string; schema: TJsonSchema }>;
      content?: Record<string, { schema: TJsonSchema }>;
    }
  >;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Preformatted text (a schema, an example) in the page's code box. A box may scroll sideways, so it is
 * focusable (a keyboard user scrolls it too) and named for a screen reader.
 */
export const codeBlock = (text: string, label = 'Code') =>
  `<pre class="schema" tabindex="0" role="region" aria-label="${escapeHtml(label)}">${escapeHtml(text)}</pre>`;

/** `code` spans for backticked words, the rest escaped. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const INDENT = '  ';
const SCHEMA_REF = '#/components/schemas/';

/** A JSON Schema as a short TypeScript-like type, which reads faster than the JSON. */
export function describeSchema(schema: TJsonSchema | undefined, depth = 0): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.replace(SCHEMA_REF, '');
  const variants = (schema.anyOf ?? schema.oneOf) as TJsonSchema[] | undefined;
  if (variants) return variants.map((variant) => describeSchema(variant, depth)).join(' | ');
  if (Array.isArray(schema.allOf)) {
    return (schema.allOf as TJsonSchema[]).map((part) => describeSchema(part, depth)).join(' & ');
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  return types.map((type) => describeType(type, schema, depth)).join(' | ');
}

function constraintsOf(schema: TJsonSchema): string {
  const notes: string[] = [];
  const add = (key: string, label: string) => {
    const value = schema[key];
    if (value !== undefined && !(typeof value === 'number' && Math.abs(value) > 1e15))
      notes.push(`${label}${value}`);
  };
  add('minimum', '≥ ');
  add('maximum', '≤ ');
  add('minLength', 'length ≥ ');
  add('maxLength', 'length ≤ ');
  add('minItems', 'items ≥ ');
  add('maxItems', 'items ≤ ');
  add('format', '');
  add('pattern', 'pattern ');
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.length ? ` (${notes.join(', ')})` : '';
}

function describeType(type: string | undefined, schema: TJsonSchema, depth: number): string {
  if (type === 'array')
    return `${wrap(describeSchema(schema.items as TJsonSchema, depth))}[]${constraintsOf(schema)}`;
  if (type === 'object' || (type === undefined && schema.properties)) {
    const properties = (schema.properties ?? {}) as Record<string, TJsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const entries = Object.entries(properties);
    if (entries.length === 0) return schema.additionalProperties ? 'object' : '{}';
    const pad = INDENT.repeat(depth + 1);
    const lines = entries.map(([name, property]) => {
      const comment = typeof property.description === 'string' ? `  // ${property.description}` : '';
      return `${pad}${name}${required.has(name) ? '' : '?'}: ${describeSchema(property, depth + 1)};${comment}`;
    });
    // A loose object (better-auth's answers) may carry more than the fields named.
    const more = schema.additionalProperties && schema.additionalProperties !== false ? `\n${pad}…` : '';
    return `{\n${lines.join('\n')}${more}\n${INDENT.repeat(depth)}}`;
  }
  if (type === undefined) return 'any';
  return `${type}${constraintsOf(schema)}`;
}

const wrap = (type: string) => (/[|&]/.test(type) && !type.startsWith('{') ? `(${type})` : type);

function operationSection(path: string, method: string, operation: TOpenApiOperation, extra = ''): string {
  const auth = operation.security.length ? Object.keys(operation.security[0] ?? {}).join(', ') : 'public';
  const parameters = operation.parameters?.length
    ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>type</th><th>description</th></tr></thead><tbody>${operation.parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escapeHtml(parameter.name)}</code>${parameter.required ? ' <span class="req">required</span>' : ''}</td><td>${parameter.in}</td><td><code>${escapeHtml(describeSchema(parameter.schema))}</code></td><td>${prose(parameter.description ?? '')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const body = operation.requestBody
    ? Object.entries(operation.requestBody.content)
        .map(
          ([type, { schema }]) =>
            `<h4>Request body <small>${escapeHtml(type)}</small></h4>${codeBlock(describeSchema(schema), `${operation.summary}: request body`)}`,
        )
        .join('')
    : '';
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const content = Object.entries(response.content ?? {})
        .map(([type, { schema }]) =>
          // A shared schema (the error body) is named, not spelled out again under every route.
          typeof schema.$ref === 'string'
            ? `<p class="type">${escapeHtml(type)}: <code>${escapeHtml(describeSchema(schema))}</code></p>`
            : `<p class="type">${escapeHtml(type)}</p>${type.includes('json') ? codeBlock(describeSchema(schema), `${operation.summary}: ${status} answer`) : ''}`,
        )
        .join('');
      const headers = Object.entries(response.headers ?? {})
        .map(
          ([name, header]) =>
            `<p class="type">header <code>${escapeHtml(name)}</code>: ${prose(header.description)}</p>`,
        )
        .join('');
      return `<li><span class="status s${status.slice(0, 1)}">${escapeHtml(status)}</span> ${prose(response.description)}${headers}${content}</li>`;
    })
    .join('');
  return `<details id="${escapeHtml(operation.operationId)}">
<summary><span class="method ${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code> <span class="summary">${escapeHtml(operation.summary)}</span> <span class="auth">${escapeHtml(auth)}</span></summary>
<div class="body">
${
  operation.description
    ? operation.description
        .split('\n\n')
        .map((paragraph) => `<p>${prose(paragraph)}</p>`)
        .join('')
    : ''
}
${extra}${parameters}${body}
<h4>Responses</h4><ul class="responses">${responses}</ul>
</div>
</details>`;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#111;--muted:#666;--line:#ddd;--bg:#fff;--code:#f4f4f5}
@media (prefers-color-scheme:dark){:root{--fg:#eee;--muted:#aaa;--line:#333;--bg:#111;--code:#1c1c1f}}
body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:var(--fg);background:var(--bg);line-height:1.45}
a{color:inherit}h2{margin-top:2.5rem;border-bottom:1px solid var(--line);padding-bottom:.25rem}
nav ul{columns:2;padding-left:1.2rem}details{border:1px solid var(--line);border-radius:8px;margin:.5rem 0}
summary{cursor:pointer;padding:.5rem .75rem;display:flex;gap:.6rem;align-items:baseline;flex-wrap:wrap}
.body{padding:0 1rem 1rem;border-top:1px solid var(--line)}code,pre{font-family:ui-monospace,monospace;font-size:.9em}
code{overflow-wrap:anywhere}
pre.schema{background:var(--code);padding:.75rem;border-radius:6px;overflow-x:auto}
.method{font-weight:700;font-size:.8rem;padding:.1rem .4rem;border-radius:4px;color:#fff;min-width:3.5rem;text-align:center}
.get{background:#2563eb}.post{background:#15803d}.patch{background:#a16207}.put{background:#9333ea}.delete{background:#b91c1c}
.path{font-weight:600;min-width:0}.summary{color:var(--muted)}.auth{margin-left:auto;font-size:.8rem;color:var(--muted)}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
.req{color:#b91c1c;font-size:.75rem}.responses{list-style:none;padding:0}.responses li{margin:.5rem 0}
.status{font-weight:700;font-family:ui-monospace,monospace}.s2{color:#15803d}.s3{color:#1d4ed8}.s4{color:#a16207}.s5{color:#b91c1c}
@media (prefers-color-scheme:dark){.s2{color:#4ade80}.s3{color:#93c5fd}.s4{color:#facc15}.s5{color:#f87171}}
pre.schema:focus-visible{outline:2px solid currentColor;outline-offset:2px}
.type{color:var(--muted);margin:.25rem 0}
`;

export interface TApiDocsPageOptions {
  /** HTML after the title and description, instead of the internal API's note on errors. */
  introHtml?: string;
  /** HTML at the end of the page (more sections). */
  afterHtml?: string;
  /** HTML shown in each operation before its parameters (an example request). */
  operationHtml?: (path: string, method: string, operation: TOpenApiOperation) => string;
}

/** The OpenAPI document as one readable HTML page: no script, nothing fetched, so the app's CSP holds. */
export function renderApiDocsPage(
  document: TOpenApiDocument,
  jsonPath: string,
  options: TApiDocsPageOptions = {},
): string {
  const sections = document.tags.map((tag) => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags.includes(tag.name))
        .map(([method, operation]) => ({ path, method, operation })),
    );
    return { tag, operations };
  });
  // The named schemas the operations refer to, each spelled out once.
  const schemas = Object.entries(document.components?.schemas ?? {});
  const schemasHtml = schemas.length
    ? `<section><h2 id="schemas">Schemas</h2>${schemas
        .map(
          ([name, schema]) =>
            `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>${codeBlock(describeSchema(schema), `Schema ${name}`)}`,
        )
        .join('\n')}</section>`
    : '';
  const toc = sections
    .map(
      ({ tag, operations }) =>
        `<li><a href="#${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</a> (${operations.length})</li>`,
    )
    .join('');
  const body = sections
    .map(
      ({ tag, operations }) =>
        `<section><h2 id="${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2><p>${prose(tag.description)}</p>${operations
          .map(({ path, method, operation }) =>
            operationSection(path, method, operation, options.operationHtml?.(path, method, operation)),
          )
          .join('\n')}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${prose(document.info.description ?? '')}</p>
${
  options.introHtml ??
  `<p>The same as OpenAPI 3.1: <a href="${escapeHtml(jsonPath)}">${escapeHtml(jsonPath)}</a>. Errors answer <code>{ error: { code, message } }</code> (<code>/api/auth</code> adds better-auth's own <code>code</code> and <code>message</code> at the top).</p>`
}
<nav><ul>${toc}</ul></nav>
${body}
${options.afterHtml ?? ''}
${schemasHtml}
</body></html>`;
}
