import { ownerKeyOf } from '@prospector/auth-client';
import { API_KEY_MESSAGES, type TCreateApiKeyRequest } from '@prospector/contracts';
import { type TUserContext, uuidOrNotFound } from '@prospector/service-kit';
import type { TApiKeyStore } from '../../api-keys/api-key-store.ts';

/**
 * The keys of the session's workspace (docs/architecture.md §17): the workspace and the member come
 * from the session, never from the request; another workspace's key id answers 404 like an unknown one.
 */
export function createApiKeysHandlers(store: TApiKeyStore) {
  return {
    async list(c: TUserContext) {
      return c.json({ keys: await store.list(ownerKeyOf(c.get('user'))) }, 200);
    },
    async create(c: TUserContext, body: TCreateApiKeyRequest) {
      const user = c.get('user');
      return c.json(await store.create({ ownerKey: ownerKeyOf(user), userId: user.userId }, body.name), 201);
    },
    async revoke(c: TUserContext, id: string) {
      await store.revoke(ownerKeyOf(c.get('user')), uuidOrNotFound(id, API_KEY_MESSAGES.notFound));
      return c.body(null, 204);
    },
  };
}
