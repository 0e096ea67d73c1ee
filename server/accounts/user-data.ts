/**
 * What is stored about a signed-in user, through the document store port (spec 3 'Stored user
 * data areas', 7 'Cloud document store calls'): users/{uid}/searches/{id} and
 * users/{uid}/contact/{id}. Every function takes the uid of a verified token; none reads one from
 * a request.
 */
import { randomUUID } from 'node:crypto';
import { SAVED_SEARCHES_LIMIT } from '../../src/domain/constants';
import type { DocumentStore } from '../documents/store';

/** A saved search as stored and answered. `query` is the search page's query string. */
export interface SavedSearch {
  id: string;
  /** Milliseconds since the epoch: the oldest goes first at the limit. */
  timestamp: number;
  query: string;
  keywords: string;
  location: string;
}

/** A contact message kept under the user's id (spec 6). */
export interface StoredContact {
  id: string;
  timestamp: number;
  listingId: number;
  listingName: string;
  name: string;
  email: string;
  phone: string;
  message: string;
}

const userPath = (uid: string) => `users/${uid}`;
const searchesOf = (uid: string) => `${userPath(uid)}/searches`;
const contactOf = (uid: string) => `${userPath(uid)}/contact`;
/** Every collection kept under a user: what the download shows and account deletion empties. */
const USER_COLLECTIONS = [searchesOf, contactOf];

export interface UserData {
  saveSearch(uid: string, search: Omit<SavedSearch, 'id' | 'timestamp'>): Promise<SavedSearch>;
  /** Newest first. */
  searches(uid: string): Promise<SavedSearch[]>;
  /** false when the user has no search by that id. */
  deleteSearch(uid: string, id: string): Promise<boolean>;
  saveContact(uid: string, contact: Omit<StoredContact, 'id' | 'timestamp'>): Promise<StoredContact>;
  /** Everything stored about the user: their documents by path. */
  export(uid: string): Promise<{ path: string; data: unknown }[]>;
  /** Deletes every document of the user; the number deleted. */
  deleteAll(uid: string): Promise<number>;
}

export function createUserData(
  store: DocumentStore,
  { now = () => new Date(), limit = SAVED_SEARCHES_LIMIT }: { now?: () => Date; limit?: number } = {},
): UserData {
  return {
    async saveSearch(uid, search) {
      const saved: SavedSearch = { id: randomUUID(), timestamp: now().getTime(), ...search };
      await store.addCapped(searchesOf(uid), saved.id, saved, limit);
      return saved;
    },
    async searches(uid) {
      const stored = await store.list<SavedSearch>(searchesOf(uid));
      return stored.map(({ data }) => data).sort((a, b) => b.timestamp - a.timestamp);
    },
    async deleteSearch(uid, id) {
      const path = `${searchesOf(uid)}/${id}`;
      if (!(await store.get(path))) return false;
      await store.delete(path);
      return true;
    },
    async saveContact(uid, contact) {
      const saved: StoredContact = { id: randomUUID(), timestamp: now().getTime(), ...contact };
      await store.set(`${contactOf(uid)}/${saved.id}`, saved);
      return saved;
    },
    async export(uid) {
      const lists = await Promise.all(USER_COLLECTIONS.map((collection) => store.list(collection(uid))));
      return lists.flat().map(({ path, data }) => ({ path, data }));
    },
    async deleteAll(uid) {
      const paths = (await this.export(uid)).map((doc) => doc.path);
      await Promise.all(paths.map((path) => store.delete(path)));
      return paths.length;
    },
  };
}
