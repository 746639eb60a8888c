import { loadEnv } from '@prospector/config';
import { describe, expect, it } from 'vitest';
import { emailCheckEnvShape } from '../env.ts';
import { usesSandboxEmailCheck } from './configured-email-checker.ts';

const load = (values: Record<string, string>) => loadEnv('test', emailCheckEnvShape, values);

describe('the e-mail check settings', () => {
  it('default to a 3 s budget, the system resolvers and no SMTP probe', () => {
    expect(load({})).toMatchObject({
      EMAIL_CHECK_MODE: 'auto',
      EMAIL_CHECK_BUDGET_MS: 3000,
      EMAIL_DNS_SERVERS: [],
      EMAIL_SMTP_PROBE: 'off',
      EMAIL_SMTP_PROBE_PORT: 25,
      EMAIL_SMTP_PROBE_FROM: '',
    });
  });

  it('read DNS servers with their ports, and refuse what is not one', () => {
    expect(load({ EMAIL_DNS_SERVERS: '127.0.0.1:5353, [::1]:53,dns.example' }).EMAIL_DNS_SERVERS).toEqual([
      '127.0.0.1:5353',
      '[::1]:53',
      'dns.example',
    ]);
    expect(() => load({ EMAIL_DNS_SERVERS: 'http://dns.example/' })).toThrow(
      /EMAIL_DNS_SERVERS.*must be DNS server addresses like 127\.0\.0\.1:5353/s,
    );
    expect(() => load({ EMAIL_SMTP_PROBE_FROM: 'not an address' })).toThrow(/EMAIL_SMTP_PROBE_FROM/);
  });

  it('simulate DNS with the sandbox provider unless told otherwise', () => {
    expect(usesSandboxEmailCheck(load({}), 'sandbox')).toBe(true);
    expect(usesSandboxEmailCheck(load({}), 'apify')).toBe(false);
    expect(usesSandboxEmailCheck(load({ EMAIL_CHECK_MODE: 'network' }), 'sandbox')).toBe(false);
    expect(usesSandboxEmailCheck(load({ EMAIL_CHECK_MODE: 'sandbox' }), 'graph')).toBe(true);
  });
});
