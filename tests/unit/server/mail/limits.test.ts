import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createAddressHasher } from '../../../../server/mail/limits';

/** The mail_hash_key table in memory, recording every statement it is asked. */
function fakeDb() {
  let stored: string | undefined;
  const statements: string[] = [];
  return {
    statements,
    async query<T>(sql: string, params: unknown[] = []): Promise<{ rows: T[] }> {
      statements.push(sql);
      if (sql.startsWith('insert')) stored ??= String(params[0]);
      return { rows: (stored ? [{ key: stored }] : []) as T[] };
    },
  };
}

const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

describe('createAddressHasher', () => {
  it('hashes with MAIL_HASH_KEY and never touches the database when it is set', async () => {
    const db = fakeDb();
    const warn = vi.fn();
    for (const NODE_ENV of ['production', 'development', undefined]) {
      const hash = await createAddressHasher(db, { NODE_ENV, MAIL_HASH_KEY: 'secret' }, warn);
      expect(hash('to:a@example.com')).toBe(hmac('secret', 'to:a@example.com'));
    }
    expect(db.statements).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('in production without MAIL_HASH_KEY, throws and neither reads nor writes a key in the database', async () => {
    const db = fakeDb();
    await expect(createAddressHasher(db, { NODE_ENV: 'production' }, vi.fn())).rejects.toThrow(
      /MAIL_HASH_KEY is not set/,
    );
    await expect(
      createAddressHasher(db, { NODE_ENV: 'production', MAIL_HASH_KEY: ' ' }, vi.fn()),
    ).rejects.toThrow(/MAIL_HASH_KEY/);
    expect(db.statements).toEqual([]);
  });

  it('outside production without it, keeps one key in the database and says so in the log', async () => {
    const db = fakeDb();
    const warn = vi.fn();
    const first = await createAddressHasher(db, {}, warn);
    const second = await createAddressHasher(db, { NODE_ENV: 'test' }, warn);
    expect(first('x')).toBe(second('x'));
    expect(db.statements.some((sql) => sql.startsWith('insert into mail_hash_key'))).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/MAIL_HASH_KEY is not set.*kept in the database/),
    );
  });
});
