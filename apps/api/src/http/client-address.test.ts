import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './client-address.ts';

describe('rateLimitKey', () => {
  it('keys an IPv4 address as it is and an IPv6 address by its /64 network', () => {
    expect(rateLimitKey({ ip: '203.0.113.9' })).toBe('203.0.113.9');
    expect(rateLimitKey({ ip: '2001:db8:1:2:aaaa::1' })).toBe(rateLimitKey({ ip: '2001:db8:1:2:bbbb::9' }));
    expect(rateLimitKey({ ip: '2001:db8:1:2::1' })).not.toBe(rateLimitKey({ ip: '2001:db8:1:3::1' }));
  });

  it('keys a request whose client has gone (no address) instead of throwing', () => {
    expect(rateLimitKey({ ip: undefined })).toBe('client-gone');
  });
});
