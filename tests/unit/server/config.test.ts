import { describe, expect, it } from 'vitest';
import { ConfigError, limitSettings, readConfig } from '../../../server/config';
import { DEFAULT_LIMIT_SETTINGS } from '../../../server/limits';

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

describe('readConfig: abuse bounds', () => {
  it('leaves the rate limits at their defaults and the statement timeout at 5 s when unset', () => {
    expect(readConfig({})).toMatchObject({ rateLimits: {}, dbStatementTimeoutMs: 5000 });
  });

  it('reads RATE_LIMIT_* per second, minute or hour, or off', () => {
    expect(
      readConfig({
        RATE_LIMIT_SEARCH: '1200/min',
        RATE_LIMIT_CONTENT: ' 20 / s ',
        RATE_LIMIT_IMAGES: 'off',
        RATE_LIMIT_WRITES: '100/hour',
        DB_STATEMENT_TIMEOUT_MS: '0',
      }),
    ).toMatchObject({
      rateLimits: {
        search: { max: 1200, windowMs: 60_000 },
        content: { max: 20, windowMs: 1000 },
        images: false,
        writes: { max: 100, windowMs: 3_600_000 },
      },
      dbStatementTimeoutMs: 0,
    });
  });

  it.each([
    [{ RATE_LIMIT_SEARCH: '600' }, 'RATE_LIMIT_SEARCH'],
    [{ RATE_LIMIT_WRITES: '0/min' }, 'RATE_LIMIT_WRITES'],
    [{ RATE_LIMIT_IMAGES: '5/day' }, 'RATE_LIMIT_IMAGES'],
    [{ DB_STATEMENT_TIMEOUT_MS: '5s' }, 'DB_STATEMENT_TIMEOUT_MS'],
  ])('names a limit it cannot read (%j)', (env, name) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(name);
  });
});

describe('limit settings', () => {
  it('default to a budget of 30 failures and 30 challenges a minute', () => {
    expect(limitSettings({})).toEqual(DEFAULT_LIMIT_SETTINGS);
    expect(DEFAULT_LIMIT_SETTINGS).toEqual({ balanceFailureBudget: 30, challengesPerMinute: 30 });
  });

  it('read BALANCE_FAILURE_BUDGET and BOT_CHALLENGE_LIMIT', () => {
    expect(limitSettings({ BALANCE_FAILURE_BUDGET: ' 50 ', BOT_CHALLENGE_LIMIT: '60' })).toEqual({
      balanceFailureBudget: 50,
      challengesPerMinute: 60,
    });
  });

  it.each([
    ['BOT_CHALLENGE_LIMIT', 'lots'],
    ['BOT_CHALLENGE_LIMIT', '2.5'],
    ['BALANCE_FAILURE_BUDGET', '0'],
    ['BALANCE_FAILURE_BUDGET', '-3'],
  ])('refuse %s=%s, naming it', (name, value) => {
    expect(() => limitSettings({ [name]: value })).toThrow(ConfigError);
    expect(() => limitSettings({ [name]: value })).toThrow(name);
  });
});

describe('readConfig: limit settings', () => {
  it('carries them, and names a bad one before anything starts', () => {
    expect(readConfig({ BOT_CHALLENGE_LIMIT: '60' }).limits).toEqual({
      ...DEFAULT_LIMIT_SETTINGS,
      challengesPerMinute: 60,
    });
    expect(() => readConfig({ BALANCE_FAILURE_BUDGET: 'lots' })).toThrow(ConfigError);
  });
});
