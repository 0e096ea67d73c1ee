/**
 * The Firebase web SDK (modular), in a chunk of its own: imported only by `session.ts` when a
 * visitor opens sign-in, or on a later page after they signed in. Never in a first load.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  getAuth,
  GoogleAuthProvider,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { AccountsOffer, SignedInUser } from './session';

let auth: Auth | undefined;

/** Starts Firebase Auth for the site; `onUser` hears every sign-in and sign-out, the first at once. */
export function start(offer: AccountsOffer, onUser: (user: SignedInUser | null) => void): void {
  if (auth) return;
  const app: FirebaseApp = initializeApp(offer.firebase, 'wellspring');
  auth = getAuth(app);
  if (offer.emulatorUrl) connectAuthEmulator(auth, offer.emulatorUrl, { disableWarnings: true });
  onIdTokenChanged(auth, (user) => onUser(user && { uid: user.uid, email: user.email }));
}

function current(): Auth {
  if (!auth) throw new Error('sign-in has not started');
  return auth;
}

export const signIn = (email: string, password: string) =>
  signInWithEmailAndPassword(current(), email, password).then(() => undefined);
export const signUp = (email: string, password: string) =>
  createUserWithEmailAndPassword(current(), email, password).then(() => undefined);
/** Signs in with a Google account in a popup; its email address (null when Google gives none). */
export const signInWithGoogle = () =>
  signInWithPopup(current(), new GoogleAuthProvider()).then((credential) => credential.user.email);
export const resetPassword = (email: string) => sendPasswordResetEmail(current(), email);
export const signOutNow = () => signOut(current());

/** The ID token for an API call, refreshed by the SDK when it is close to expiring. */
export async function idToken(): Promise<string | null> {
  return (await current().currentUser?.getIdToken()) ?? null;
}

/** Deletes the Firebase account itself (its documents are deleted by the API first). */
export async function deleteAccount(): Promise<void> {
  const user = current().currentUser;
  if (user) await deleteUser(user);
}
