import type { TUserVariables } from '@prospector/auth-client';
import { API_KEY_MESSAGES, AppError, type TCreateApiKeyRequest } from '@prospector/contracts';
import type { Context } from 'hono';
import { z } from 'zod';
import type { TApiKeyStore } from '../../api-keys/api-key-store.ts';

type TContext = Context<{ Variables: TUserVariables }>;

/** Only the verified user's keys: the user id comes from the session, never from the request. */
export function createApiKeysHandlers(store: TApiKeyStore) {
  return {
    async list(c: TContext) {
      return c.json({ keys: await store.list(c.get('user').userId) }, 200);
    },
    async create(c: TContext, body: TCreateApiKeyRequest) {
      return c.json(await store.create(c.get('user').userId, body.name), 201);
    },
    async revoke(c: TContext, id: string) {
      // An id that is not even a uuid is as unknown as another user's key.
      if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
      await store.revoke(c.get('user').userId, id);
      return c.body(null, 204);
    },
  };
}
