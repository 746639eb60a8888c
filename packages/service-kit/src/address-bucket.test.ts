import { describe, expect, it } from 'vitest';
import { addressBucket } from './address-bucket.ts';

describe('addressBucket', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBucket('203.0.113.10')).toBe('203.0.113.10');
    expect(addressBucket('203.0.113.11')).not.toBe(addressBucket('203.0.113.10'));
  });

  it('counts every IPv6 address of one /64 as one client, in any spelling', () => {
    const bucket = addressBucket('2001:db8:1:2::1');
    expect(bucket).toBe('2001:db8:1:2::/64');
    for (const same of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0abc',
      '[2001:db8:1:2::9]',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::5'),
      '2001:db8:1:2::192.0.2.1',
    ]) {
      expect(addressBucket(same)).toBe(bucket);
    }
    expect(addressBucket('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressBucket('::ffff:203.0.113.10')).toBe('203.0.113.10');
  });

  it('keeps what is not an address as given, so it still counts on its own', () => {
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
