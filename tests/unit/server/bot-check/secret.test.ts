import { describe, expect, it, vi } from 'vitest';
import { processSecret } from '../../../../server/bot-check/secret';

describe('processSecret', () => {
  it('takes the key from the environment, trimmed, without a warning', () => {
    const warn = vi.fn();
    expect(processSecret({ CARD_HASH_KEY: ' k3y ' }, 'CARD_HASH_KEY', warn)).toBe('k3y');
    expect(warn).not.toHaveBeenCalled();
  });

  it('outside production, falls back to one random key per process and name, and says so once', () => {
    const warn = vi.fn();
    const first = processSecret({}, 'TEST_FALLBACK_KEY', warn);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(processSecret({ NODE_ENV: 'development' }, 'TEST_FALLBACK_KEY', warn)).toBe(first);
    expect(processSecret({}, 'OTHER_FALLBACK_KEY', warn)).not.toBe(first);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toContain('TEST_FALLBACK_KEY is not set');
  });

  it('never falls back in production: it throws, naming the key', () => {
    const warn = vi.fn();
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', ALTCHA_HMAC_KEY: '  ' }]) {
      expect(() => processSecret(env, 'ALTCHA_HMAC_KEY', warn)).toThrow(/ALTCHA_HMAC_KEY is not set/);
    }
    // Not even a key made earlier by this process outside production.
    processSecret({}, 'CARD_HASH_KEY', warn);
    expect(() => processSecret({ NODE_ENV: 'production' }, 'CARD_HASH_KEY', warn)).toThrow(/CARD_HASH_KEY/);
    expect(processSecret({ NODE_ENV: 'production', CARD_HASH_KEY: 'set' }, 'CARD_HASH_KEY', warn)).toBe(
      'set',
    );
  });
});
