/**
 * Firebase Auth error codes in words a visitor understands. Anything else gets a general
 * sentence; the code never reaches the page.
 */
const MESSAGES: Record<string, string> = {
  'auth/invalid-email': 'That email address does not look right.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/invalid-credential': 'The email or password is not right. Please try again.',
  'auth/wrong-password': 'The email or password is not right. Please try again.',
  'auth/user-not-found': 'The email or password is not right. Please try again.',
  'auth/invalid-login-credentials': 'The email or password is not right. Please try again.',
  'auth/email-already-in-use': 'There is already an account with this email. Please sign in instead.',
  'auth/weak-password': 'Please choose a password of at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/user-disabled': 'This account has been turned off. Please contact us.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Please check your connection.',
  'auth/popup-closed-by-user': 'The Google window was closed before signing in finished.',
  'auth/cancelled-popup-request': 'The Google window was closed before signing in finished.',
  'auth/popup-blocked': 'Your browser blocked the Google window. Please allow pop-ups for this site.',
  'auth/requires-recent-login': 'Please sign out, sign in again, and repeat this.',
};

export const GENERAL_AUTH_ERROR = 'Signing in did not work. Please try again.';

/** The sentence for an error thrown by the Firebase SDK (or anything else). */
export function describeAuthError(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (typeof code === 'string' && MESSAGES[code]) || GENERAL_AUTH_ERROR;
}
