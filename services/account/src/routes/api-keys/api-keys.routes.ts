import { ZCreateApiKeyRequestSchema } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';
import { z } from 'zod';

export const createApiKeyBody = validated('json', ZCreateApiKeyRequestSchema);
export const apiKeyParams = validated('param', z.object({ id: z.string() }));
