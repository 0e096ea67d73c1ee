import { describe, expect, it } from 'vitest';
import { hostName, knownHosts } from '../../../server/hosts';

describe('hostName', () => {
  it.each([
    ['localhost:80', 'localhost'],
    ['Spa.Example.COM', 'spa.example.com'],
    ['[::1]:8080', '[::1]'],
    ['example.com.', 'example.com'],
    ['a b', ''],
    ['localhost@evil', ''],
    ['evil/x', ''],
    [undefined, ''],
  ])('%j -> %j', (host, name) => {
    expect(hostName(host)).toBe(name);
  });
});

describe('knownHosts', () => {
  const known = knownHosts({ tenantHosts: { 'spa.example.com': 'spa', 'partner.example': 'partner' } });
  it.each([
    'localhost',
    '127.0.0.1:8187',
    '[::1]',
    'wellness.localhost',
    'spa-canada.localhost:3000',
    'partner.localhost',
    'spa.example.com:443',
    'PARTNER.EXAMPLE',
  ])('knows %s', (host) => expect(known(host)).toBe(true));
  it.each(['evil.example', 'evil.localhost', 'localhost.evil.example', '127.0.0.2', '', undefined])(
    'does not know %j',
    (host) => expect(known(host)).toBe(false),
  );
});
