import type { TUserVariables } from '@prospector/auth-client';
import { AppError } from '@prospector/contracts';
import type { Context } from 'hono';
import { z } from 'zod';

/** A request of a signed-in user (`requireUser` ran before the handler). */
export type TUserContext = Context<{ Variables: TUserVariables }>;

/** A path id that is not even a uuid is as unknown as another user's: `notFound` either way. */
export function uuidOrNotFound(id: string | undefined, notFound: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new AppError('NOT_FOUND', notFound);
  return parsed.data;
}
