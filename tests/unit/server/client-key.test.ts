import { describe, expect, it } from 'vitest';
import { clientOf } from '../../../server/client-key';

describe('clientOf: the key every per-client limit counts by', () => {
  it('keeps an IPv4 address, also when it arrives mapped into IPv6', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(clientOf('2001:db8:85a3:12::8a2e:370:7334')).toBe('2001:db8:85a3:12::/64');
    expect(clientOf('2001:0db8:85a3:0012:ffff:ffff:ffff:1')).toBe('2001:db8:85a3:12::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('gives eleven addresses of one /64 one key, and neighbouring /64s their own', () => {
    const keys = new Set(
      Array.from({ length: 11 }, (_, i) => clientOf(`2001:db8:1:2::${(i + 1).toString(16)}`)),
    );
    expect([...keys]).toEqual(['2001:db8:1:2::/64']);
    expect(clientOf('2001:db8:1:3::1')).not.toBe(clientOf('2001:db8:1:2::1'));
  });
});
