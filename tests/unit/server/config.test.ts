import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../server/config';

const keys = {
  ALTCHA_HMAC_KEY: 'a'.repeat(32),
  CARD_HASH_KEY: 'c'.repeat(32),
  MAIL_HASH_KEY: 'm'.repeat(32),
};

describe('readConfig: modes and settings', () => {
  it('runs the demo with seeded data by default', () => {
    expect(readConfig({})).toMatchObject({
      production: false,
      demo: true,
      seed: true,
      trustProxy: false,
      adminToken: undefined,
    });
  });

  it('refuses production without its keys, naming every missing one', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ NODE_ENV: 'production', CARD_HASH_KEY: 'x' })).toThrow(
      /needs ALTCHA_HMAC_KEY, MAIL_HASH_KEY: set them/,
    );
    expect(() => readConfig({ NODE_ENV: 'production', ...keys, MAIL_HASH_KEY: ' ' })).toThrow(
      /needs MAIL_HASH_KEY: set it/,
    );
  });

  it('serves no demo data and seeds nothing in production unless asked', () => {
    expect(readConfig({ NODE_ENV: 'production', ...keys })).toMatchObject({
      production: true,
      demo: false,
      seed: false,
    });
    expect(readConfig({ NODE_ENV: 'production', ...keys, DEMO: '1', SEED: 'yes' })).toMatchObject({
      demo: true,
      seed: true,
    });
    expect(readConfig({ DEMO: '0', SEED: 'off' })).toMatchObject({ demo: false, seed: false });
  });

  it('names a flag it cannot read', () => {
    expect(() => readConfig({ DEMO: 'maybe' })).toThrow('DEMO must be 1 or 0, got "maybe"');
  });

  it('reads the trusted proxies and the admin token', () => {
    expect(readConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,', ADMIN_TOKEN: ' secret ' })).toMatchObject({
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      adminToken: 'secret',
    });
  });
});
