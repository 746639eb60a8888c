import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';

type TMetadata = { _internal?: object };

/**
 * Builds an OpenAPI document with these schemas named: each appears once under `components.schemas`
 * and every use refers to it, so a generated client gets a `Run` type instead of an inline shape. The
 * names are set on the schema objects (the generator's registry, not zod's prototype, which a bundled
 * server does not extend) only while `build` runs, so another document built from the same schemas
 * stays as it was.
 */
export function withNamedSchemas<TDocument>(
  named: Readonly<Record<string, z.ZodType>>,
  build: () => TDocument,
): TDocument {
  const before = Object.values(named).map((schema) => [schema, zodToOpenAPIRegistry.get(schema)] as const);
  for (const [name, schema] of Object.entries(named)) {
    const current = zodToOpenAPIRegistry.get(schema) as TMetadata | undefined;
    zodToOpenAPIRegistry.add(schema, { ...current, _internal: { ...current?._internal, refId: name } });
  }
  try {
    return build();
  } finally {
    for (const [schema, metadata] of before) {
      if (metadata) zodToOpenAPIRegistry.add(schema, metadata);
      else zodToOpenAPIRegistry.remove(schema);
    }
  }
}
