import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TAccountListKind } from '@prospector/contracts';

const SIGNATURE_BYTES = 16;
const CURSOR = /^(\d{1,7})\.([A-Za-z0-9_-]{1,64})\.(.{1,500})$/s;

/** Which list a cursor belongs to: one user's list of one kind and target. */
export interface TListScope {
  userId: string;
  kind: TAccountListKind;
  target: string;
}

/** Where a list stands: how many accounts it has given so far, and the provider's own cursor. */
export interface TListPosition {
  served: number;
  providerCursor: string;
}

/**
 * The account-list cursor a browser holds: `<served>.<signature>.<provider cursor>`. The count lets
 * the service stop a list at the user's plan limit (docs/product.md §5) without keeping state between
 * pages; the HMAC over user, kind, target, count and provider cursor keeps a caller from resetting the
 * count or carrying a cursor to another user's or another list.
 */
export function createListCursors(secret: string) {
  const sign = (scope: TListScope, served: number, providerCursor: string) =>
    createHmac('sha256', secret)
      .update(
        JSON.stringify(['account-list', scope.userId, scope.kind, scope.target, served, providerCursor]),
      )
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');

  return {
    mint(scope: TListScope, { served, providerCursor }: TListPosition): string {
      return `${served}.${sign(scope, served, providerCursor)}.${providerCursor}`;
    },

    /** The position a cursor stands for, or null when it is malformed or not this list's. */
    read(scope: TListScope, cursor: string): TListPosition | null {
      const match = CURSOR.exec(cursor);
      if (!match) return null;
      const [, count = '', signature = '', providerCursor = ''] = match;
      const served = Number(count);
      const expected = Buffer.from(sign(scope, served, providerCursor), 'base64url');
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { served, providerCursor };
    },
  };
}
