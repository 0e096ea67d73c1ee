import type { Db } from '../db/driver';
import { savedSearchesToDelete } from '../../src/domain/saved-searches';

/**
 * The document store port (ARCHITECTURE: documents go through the server). Paths follow the
 * spec: config/environment/tenants/{tenant}, users/{uid}/searches/{id}, users/{uid}/contact/{id}.
 * The embedded adapter keeps them in PostgreSQL; a Firestore adapter can implement the same port.
 */
export interface DocumentStore {
  get<T = unknown>(path: string): Promise<T | null>;
  set(path: string, data: unknown): Promise<void>;
  delete(path: string): Promise<void>;
  /** Direct children of a collection path, oldest first. */
  list<T = unknown>(collection: string): Promise<{ path: string; data: T; updatedAt: Date }[]>;
  /**
   * A value that changes whenever a document directly in `collection` is written or deleted, so
   * a cache of the collection can check itself with one cheap read. Only collections under
   * `config/` are counted (migration 010). Without it, a cache must re-read the collection.
   */
  revision?(collection: string): Promise<string>;
  /**
   * Stores `data` as `{collection}/{id}` and, in the same transaction, deletes the oldest
   * documents of the collection (by `timestamp`, see `savedSearchesToDelete`) so that at most
   * `max` remain. Saves that run at once (two tabs) queue on the collection, so the cap holds.
   */
  addCapped(collection: string, id: string, data: { timestamp: number }, max: number): Promise<void>;
}

/**
 * The revisions of collections as last read, per PGlite database: its data folder is this
 * process's alone (data-dir-lock.ts), so a collection changes only through a store of this
 * process, whose writes forget its revision here. One read less before most API calls: about
 * 0.7 ms of a search's 7 on PGlite at 20,000 listings, and its queue behind other statements.
 */
const pgliteRevisions = new WeakMap<object, Map<string, Promise<string>>>();

export function createPgDocumentStore(
  db: Pick<Db, 'query'> & Partial<Pick<Db, 'transaction' | 'kind'>>,
): DocumentStore {
  // Given a transaction's connection (seeding), statements simply join that transaction.
  const inTransaction = <T>(fn: (tx: Pick<Db, 'query'>) => Promise<T>) =>
    db.transaction ? db.transaction(fn) : fn(db);
  const knownRevisions = db.kind === 'pglite' ? (pgliteRevisions.get(db) ?? new Map()) : undefined;
  if (knownRevisions) pgliteRevisions.set(db, knownRevisions);
  /** Forgets the revision of the collection `path` is in: read again at the next revision(). */
  const written = (path: string) => knownRevisions?.delete(path.slice(0, path.lastIndexOf('/')));
  return {
    async get<T>(path: string) {
      const { rows } = await db.query<{ data: T }>('select data from documents where path = $1', [path]);
      return rows[0]?.data ?? null;
    },
    async set(path, data) {
      try {
        await db.query(
          `insert into documents (path, data) values ($1, $2)
           on conflict (path) do update set data = excluded.data, updated_at = now()`,
          [path, JSON.stringify(data)],
        );
      } finally {
        // After the write: a revision read while it ran may have read the one before.
        written(path);
      }
    },
    async delete(path) {
      try {
        await db.query('delete from documents where path = $1', [path]);
      } finally {
        written(path);
      }
    },
    async list<T>(collection: string) {
      const prefix = `${collection.replace(/\/$/, '')}/`;
      const { rows } = await db.query<{ path: string; data: T; updated_at: Date }>(
        `select path, data, updated_at from documents
         where starts_with(path, $1) and position('/' in substr(path, length($1) + 1)) = 0
         order by updated_at, path`,
        [prefix],
      );
      return rows.map((row) => ({ path: row.path, data: row.data, updatedAt: new Date(row.updated_at) }));
    },
    async revision(collection) {
      const name = collection.replace(/\/$/, '');
      const known = knownRevisions?.get(name);
      if (known) return known;
      // Kept by a trigger on documents (migration 010): one primary-key lookup, asked before
      // most API calls (server/tenants.ts), so prepared once.
      const reading = db
        .query<{ version: number }>('select version from document_versions where collection = $1', [name], {
          prepared: true,
        })
        .then(({ rows }) => String(rows[0]?.version ?? 0));
      knownRevisions?.set(name, reading);
      // A failed read is not kept.
      reading.catch(() => knownRevisions?.get(name) === reading && knownRevisions.delete(name));
      return reading;
    },
    async addCapped(collection, id, data, max) {
      const prefix = `${collection.replace(/\/$/, '')}/`;
      await inTransaction(async (tx) => {
        // One lock per collection for the transaction: a second save waits, then sees the first.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [prefix]);
        const { rows } = await tx.query<{ path: string; timestamp: number }>(
          `select path, (data->>'timestamp')::float8 as timestamp from documents
           where starts_with(path, $1) and position('/' in substr(path, length($1) + 1)) = 0
           order by updated_at, path`,
          [prefix],
        );
        const doomed = savedSearchesToDelete(rows, max).map((row) => row.path);
        if (doomed.length) await tx.query('delete from documents where path = any($1::text[])', [doomed]);
        await tx.query('insert into documents (path, data) values ($1, $2)', [
          `${prefix}${id}`,
          JSON.stringify(data),
        ]);
      }).finally(() => written(`${prefix}${id}`));
    },
  };
}
