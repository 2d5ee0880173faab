import { describe, expect, it } from 'vitest';
import { clientAddress, throttleAddress } from './client-address';

describe('a client address as kept and counted (decision 226)', () => {
  it('drops a balancer’s port and writes an IPv4-mapped address as IPv4', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(clientAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
  });

  it('counts IPv6 by its /64: every address of one block is one subject, the next block another', () => {
    const one = throttleAddress('2001:db8:1:2:aaaa::1');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('[2001:db8:1:2:ffff:ffff:ffff:ffff]:8080')).toBe(one);
    expect(throttleAddress('2001:db8:1:3::1')).not.toBe(one);
    expect(throttleAddress('203.0.113.7:1')).toBe('203.0.113.7');
    expect(throttleAddress('203.0.113.8')).toBe('203.0.113.8');
  });
});
