import { AppError, DISCOVERY_MESSAGES as M } from '@prospector/contracts';
import type { TUserContext } from '@prospector/service-kit';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { renderSandboxAvatar } from '../../providers/sandbox/sandbox-avatar.ts';

/** Pictures are opened as images, never as documents: no script, no plug-ins, no sniffing. */
const PICTURE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, max-age=86400',
} as const;

export function createAvatarsHandlers(context: Pick<TDiscoveryContext, 'avatarKeys' | 'avatarFetcher'>) {
  return {
    async getAvatar(c: TUserContext, key: string) {
      const source = context.avatarKeys.resolve(key);
      if (!source) throw new AppError('NOT_FOUND', M.pictureNotFound);
      if (source.kind === 'sandbox') {
        return c.body(renderSandboxAvatar(source.username), 200, {
          ...PICTURE_HEADERS,
          'content-type': 'image/svg+xml',
        });
      }
      const result = await context.avatarFetcher.fetch(source.url);
      if (result.kind === 'image') {
        return c.body(result.body as Uint8Array<ArrayBuffer>, 200, {
          ...PICTURE_HEADERS,
          'content-type': result.contentType,
        });
      }
      if (result.kind === 'refused' && result.reason === 'host')
        throw new AppError('FORBIDDEN', M.pictureHostRefused);
      if (result.kind === 'refused') {
        throw new AppError(
          'PROVIDER_FAILED',
          result.reason === 'too_large' ? M.pictureTooLarge : M.pictureNotAnImage,
        );
      }
      throw new AppError('PROVIDER_FAILED', M.pictureFailed);
    },
  };
}
