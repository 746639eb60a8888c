import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { optOutProofBits, type TOptOutChallenge } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { usedChallenges } from '../db/schema.ts';

export interface TChallengeOptions {
  /** The signing key (derived from OPTOUT_KEY). */
  key: Buffer;
  /** Leading zero bits a proof needs. */
  difficulty: number;
  ttlMs: number;
}

/**
 * A proof-of-work challenge that needs no third party and no stored state to issue: `<expiry>.<random>.
 * <signature>`. A solved challenge is accepted once across every process: the used ones are kept in
 * PostgreSQL until they expire.
 */
export function createChallenges(database: TDatabase, options: TChallengeOptions) {
  const sign = (body: string) => createHmac('sha256', options.key).update(body).digest('base64url');

  return {
    issue(now: number): TOptOutChallenge {
      const expiresAt = now + options.ttlMs;
      const body = `${expiresAt}.${randomBytes(12).toString('base64url')}`;
      return {
        challenge: `${body}.${sign(body)}`,
        difficulty: options.difficulty,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    /** Whether the proof is good: signed here, not expired, not used before, enough work done. */
    async accept(challenge: string, nonce: string, now: number): Promise<boolean> {
      const [expiry, random, signature, ...rest] = challenge.split('.');
      if (!expiry || !random || !signature || rest.length > 0) return false;
      const expected = Buffer.from(sign(`${expiry}.${random}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const expiresAt = Number(expiry);
      if (!Number.isFinite(expiresAt) || expiresAt <= now) return false;
      if ((await optOutProofBits(challenge, nonce)) < options.difficulty) return false;
      await database.db.execute(
        sql`delete from ${usedChallenges} where expires_at <= ${new Date(now).toISOString()}`,
      );
      const first = await database.db
        .insert(usedChallenges)
        .values({ challenge, expiresAt: new Date(expiresAt) })
        .onConflictDoNothing()
        .returning({ challenge: usedChallenges.challenge });
      return first.length > 0;
    },
  };
}

export type TChallenges = ReturnType<typeof createChallenges>;
