/**
 * The document store port on Cloud Firestore, through firebase-admin (DOCUMENT_STORE=firestore).
 * The spec's paths are Firestore paths as they are: config/environment/tenants/{tenant} is a
 * document of the `tenants` collection, users/{uid}/searches/{id} one of a user's `searches`.
 * Credentials come from the environment as firebase-admin documents (GOOGLE_APPLICATION_CREDENTIALS
 * or the platform's service account); FIRESTORE_EMULATOR_HOST points it at an emulator instead.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore, type QuerySnapshot } from 'firebase-admin/firestore';
import { savedSearchesToDelete } from '../../src/domain/saved-searches';
import type { DocumentStore } from './store';

/** The universe of Google's public APIs (google-auth-library's DEFAULT_UNIVERSE). */
const GOOGLE_UNIVERSE = 'googleapis.com';

export interface FirestoreStore extends DocumentStore {
  close(): Promise<void>;
}

export function createFirestoreDocumentStore({ projectId }: { projectId: string }): FirestoreStore {
  // An app of its own (a unique name): several stores (tests, two instances) never share state.
  const app: App = initializeApp({ projectId }, `documents-${randomUUID()}`);
  const db: Firestore = getFirestore(app);
  // The Google APIs' universe named as the client's own default: unnamed, the client asks the
  // cloud's metadata server for it (169.254.169.254 and metadata.google.internal) before its first
  // call, on any machine and against the emulator too.
  db.settings({ universeDomain: GOOGLE_UNIVERSE });
  const trim = (path: string) => path.replace(/\/$/, '');
  const updatedAt = (time: { toDate(): Date } | undefined) => time?.toDate() ?? new Date(0);

  return {
    async get<T>(path: string) {
      const snapshot = await db.doc(trim(path)).get();
      return snapshot.exists ? (snapshot.data() as T) : null;
    },
    async set(path, data) {
      await db.doc(trim(path)).set(data as Record<string, unknown>);
    },
    async delete(path) {
      await db.doc(trim(path)).delete();
    },
    async list<T>(collection: string) {
      const snapshot = await db.collection(trim(collection)).get();
      return snapshot.docs
        .map((doc) => ({ path: doc.ref.path, data: doc.data() as T, updatedAt: updatedAt(doc.updateTime) }))
        .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.path.localeCompare(b.path));
    },
    async addCapped(collection, id, data, max) {
      const ref = db.collection(trim(collection));
      /** The oldest documents of `snapshot` beyond the newest `keep`. */
      const beyond = (snapshot: QuerySnapshot, keep: number) =>
        savedSearchesToDelete(
          snapshot.docs
            .map((doc) => ({ ref: doc.ref, timestamp: Number(doc.get('timestamp')) }))
            .sort((a, b) => a.ref.id.localeCompare(b.ref.id)),
          // savedSearchesToDelete leaves room for one more: `keep + 1` keeps `keep`.
          keep + 1,
        ).map((search) => search.ref);
      // A Firestore transaction: a save that raced another is retried on what that one left.
      await db.runTransaction(async (tx) => {
        for (const old of beyond(await tx.get(ref), max - 1)) tx.delete(old);
        tx.create(ref.doc(id), data);
      });
      // The cap once more, outside the transaction: nothing to do on Firestore itself, but an
      // emulator without transaction isolation (@firestore-emulator/server) lets two saves both
      // see 50. Deleting the oldest beyond `max` again converges, whichever save runs it.
      const excess = beyond(await ref.get(), max);
      if (excess.length) await Promise.all(excess.map((old) => old.delete()));
    },
    async close() {
      await db.terminate();
      await deleteApp(app);
    },
  };
}
