/**
 * The visitor's account on the hosted site: whether sign-in is offered (GET /api/accounts, a few
 * bytes), who is signed in, and the API calls of `/api/users/me/*` with their ID token. The
 * Firebase SDK (`firebase-auth.ts`) is imported only when the visitor opens sign-in, or on a later
 * page load after they signed in (a flag in localStorage says so), never in a first load.
 */
import { createStore } from 'zustand/vanilla';

export interface AccountsOffer {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  emulatorUrl: string | null;
  google: boolean;
}

export interface SignedInUser {
  uid: string;
  email: string | null;
}

export interface SavedSearch {
  id: string;
  timestamp: number;
  query: string;
  keywords: string;
  location: string;
}

export interface AccountState {
  /** How sign-in works here; null while it is not offered (or not known yet). */
  offer: AccountsOffer | null;
  user: SignedInUser | null;
  /**
   * Whether it is known if someone is signed in: the SDK has said so, or nobody has signed in on
   * this browser (then the SDK is not loaded, and would never say).
   */
  known: boolean;
  /** The signed-in visitor's saved searches, newest first, for the search's suggestions; [] otherwise. */
  recentSearches: SavedSearch[];
}

export const accountStore = createStore<AccountState>(() => ({
  offer: null,
  user: null,
  known: false,
  recentSearches: [],
}));

const SIGNED_IN_KEY = 'wellspring:signed-in';
/** The tenant's functions endpoint (spec 7), as `initAccounts` was given it. */
let apiBase = '/api';
type Sdk = typeof import('./firebase-auth');
let sdk: Promise<Sdk> | undefined;

function remember(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage refused (private mode): the next page starts signed out until sign-in is opened.
  }
}

/** The Firebase SDK, loaded and started on first use. */
export function loadSdk(): Promise<Sdk> {
  const { offer } = accountStore.getState();
  if (!offer) return Promise.reject(new Error('sign-in is not offered'));
  sdk ??= import('./firebase-auth').then((module) => {
    module.start(offer, (user) => {
      accountStore.setState({ user, known: true, recentSearches: [] });
      remember(Boolean(user));
      if (user) void refreshRecentSearches();
    });
    return module;
  });
  return sdk;
}

/**
 * Asks the server whether the tenant offers sign-in. While the local emulator is still starting,
 * asks again every few seconds, so sign-in appears once it is ready.
 */
export async function initAccounts(tenant: string, functionsEndpoint: string): Promise<void> {
  apiBase = functionsEndpoint.replace(/\/+$/, '');
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = (await fetch(`${apiBase}/accounts?tenant=${encodeURIComponent(tenant)}`)
      .then((response) => response.json())
      .catch(() => null)) as
      (AccountsOffer & { signIn: true }) | { signIn: false; starting?: boolean } | null;
    if (answer?.signIn) {
      const signedInBefore = hasSignedInBefore();
      accountStore.setState({ offer: answer, known: !signedInBefore });
      if (signedInBefore) void loadSdk();
      return;
    }
    if (!answer?.starting) return;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

function hasSignedInBefore(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

/** An error of `/api/users/me/*` in the server's words. */
export class AccountError extends Error {}

/** A call to `/api/users/me/*` with the signed-in visitor's ID token. */
export async function userApi<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await (await loadSdk()).idToken();
  if (!token) throw new AccountError('Please sign in first.');
  const response = await fetch(`${apiBase}/users/me${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new AccountError(answer.error ?? 'Something went wrong. Please try again.');
  return answer;
}

export const savedSearches = () =>
  userApi<{ items: SavedSearch[] }>('GET', '/searches').then((answer) => answer.items);

/**
 * Reads the signed-in visitor's saved searches again into the store (after sign-in, a save or a
 * delete). A failure keeps what was there: suggestions are a help, not worth an error.
 */
export async function refreshRecentSearches(): Promise<void> {
  const uid = accountStore.getState().user?.uid;
  if (!uid) return;
  const items = await savedSearches().catch(() => null);
  // Still the same visitor (no sign-out or switch while the call ran).
  if (items && accountStore.getState().user?.uid === uid) accountStore.setState({ recentSearches: items });
}

/** Saves a search the visitor ran (the search page's query string), when someone is signed in. */
export async function saveSearch(query: string): Promise<void> {
  if (!accountStore.getState().user) return;
  await userApi('POST', '/searches', { query });
  await refreshRecentSearches();
}

/** Deletes one of the signed-in visitor's saved searches. */
export async function deleteSearch(id: string): Promise<void> {
  await userApi('DELETE', `/searches/${encodeURIComponent(id)}`);
  await refreshRecentSearches();
}

/**
 * The search element's `recent-searches` attribute for the signed-in visitor (JSON of their
 * saved searches' keywords and places, newest first); undefined when there are none.
 */
export function recentSearchesAttribute(searches: readonly SavedSearch[]): string | undefined {
  if (!searches.length) return undefined;
  return JSON.stringify(searches.map(({ keywords, location }) => ({ keywords, location })));
}
