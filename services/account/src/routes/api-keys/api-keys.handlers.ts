import { API_KEY_MESSAGES, type TCreateApiKeyRequest } from '@prospector/contracts';
import { type TUserContext, uuidOrNotFound } from '@prospector/service-kit';
import type { TApiKeyStore } from '../../api-keys/api-key-store.ts';

/** Only the verified user's keys: the user id comes from the session, never from the request. */
export function createApiKeysHandlers(store: TApiKeyStore) {
  return {
    async list(c: TUserContext) {
      return c.json({ keys: await store.list(c.get('user').userId) }, 200);
    },
    async create(c: TUserContext, body: TCreateApiKeyRequest) {
      return c.json(await store.create(c.get('user').userId, body.name), 201);
    },
    async revoke(c: TUserContext, id: string) {
      await store.revoke(c.get('user').userId, uuidOrNotFound(id, API_KEY_MESSAGES.notFound));
      return c.body(null, 204);
    },
  };
}
