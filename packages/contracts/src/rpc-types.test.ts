import { describe, expect, it } from 'vitest';
import { ACCOUNT_RPC } from './account/rpc.ts';
import { BILLING_RPC } from './billing/rpc.ts';
import { EXTRACTOR_RPC } from './extractions/email-check.ts';
import { DATABASE_RPC } from './extractions/recorded.ts';
import { isRpcSubject, RPC } from './rpc-types.ts';

describe('the RPC table', () => {
  it('has the schemas of every request/reply subject, and nothing else', () => {
    const subjects = [
      ...Object.values(BILLING_RPC),
      ...Object.values(ACCOUNT_RPC),
      ...Object.values(EXTRACTOR_RPC),
      ...Object.values(DATABASE_RPC),
    ];
    expect(Object.keys(RPC).sort()).toEqual([...subjects].sort());
    expect(subjects.every(isRpcSubject)).toBe(true);
    expect(isRpcSubject('accounts.created')).toBe(false);
  });

  it('tells a refused hold from a hold, with what was needed and what is available', () => {
    const { response } = RPC[BILLING_RPC.hold];
    expect(response.parse({ refused: 'insufficient', needed: 5, available: 3 })).toEqual({
      refused: 'insufficient',
      needed: 5,
      available: 3,
    });
    expect(response.safeParse({ refused: 'insufficient', needed: 5 }).success).toBe(false);
    expect(RPC[BILLING_RPC.capture].response.parse({ refused: 'hold_ended', status: 'expired' })).toEqual({
      refused: 'hold_ended',
      status: 'expired',
    });
  });
});
