import { ACCOUNT_LIST_KINDS, normalizeUsername } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';
import { z } from 'zod';
import { DISCOVERY_MESSAGES as M } from '../../discovery/discovery-messages.ts';

/** A hashtag as Instagram spells it: letters, digits and underscores, any script, at most 100. */
const HASHTAG = /^[\p{L}\p{M}\p{N}_]{1,100}$/u;

/** `#VeganBakery`, `veganbakery` → `veganbakery`; null when it cannot be a hashtag. */
export function normalizeHashtag(value: string): string | null {
  const tag = value.trim().replace(/^#/, '').normalize('NFC').toLowerCase();
  return HASHTAG.test(tag) ? tag : null;
}

/**
 * ZAccountListRequestSchema with the spec's messages: the target is a username (`@name`, a profile
 * URL) for followers and following, a hashtag with or without `#` otherwise, normalised either way.
 */
export const ZAccountListBodySchema = z
  .object({
    kind: z.enum(ACCOUNT_LIST_KINDS),
    target: z.string().trim().max(200),
    cursor: z.string().max(500).nullish(),
  })
  .transform((body, context) => {
    const isTag = body.kind === 'hashtag';
    if (body.target === '') {
      context.addIssue({
        code: 'custom',
        path: ['target'],
        message: isTag ? M.hashtagRequired : M.usernameRequired,
      });
      return z.NEVER;
    }
    const target = isTag ? normalizeHashtag(body.target) : normalizeUsername(body.target);
    if (target === null) {
      context.addIssue({
        code: 'custom',
        path: ['target'],
        message: isTag ? M.hashtagInvalid : M.usernameInvalid,
      });
      return z.NEVER;
    }
    return { kind: body.kind, target, cursor: body.cursor ?? null };
  });
export type TAccountListBody = z.output<typeof ZAccountListBodySchema>;

export const accountListBody = validated('json', ZAccountListBodySchema);
