import type { TJsonSchema } from './api-docs-page.ts';

const FORMAT_EXAMPLES: Record<string, string> = {
  uuid: '3f6c1a52-8d4e-4b7a-9c21-6e0f5d2b8a14',
  'date-time': '2026-11-26T17:04:05.000Z',
  email: 'hello@example.com',
  uri: 'https://example.com/',
};

/**
 * A value that a JSON Schema accepts, for the reference's examples: its own example or default, else the
 * first choice, the lowest number, one item per list, every property. Made from the schema, so an example
 * never drifts from the shape it shows (a test parses each with the zod schema it came from).
 */
export function exampleOf(schema: TJsonSchema | undefined): unknown {
  if (!schema) return null;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as TJsonSchema[] | undefined;
  if (variants) return exampleOf(variants.find((variant) => variant.type !== 'null') ?? variants[0]);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, TJsonSchema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, exampleOf(property)]),
      );
    }
    case 'array':
      return [exampleOf(schema.items as TJsonSchema | undefined)];
    case 'string':
      return FORMAT_EXAMPLES[String(schema.format)] ?? 'text';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 0) : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return null;
  }
}
