import { useSyncExternalStore } from 'react';
import { describeAuthError } from '../../accounts/auth-errors';
import { accountStore, loadSdk } from '../../accounts/session';

interface Props {
  disabled: boolean;
  /** The address of the Google account the visitor chose. */
  onAddress: (email: string) => void;
  onError: (text: string) => void;
}

/**
 * The subscribe module's social login (`social_login`, spec 6): 'Subscribe with Google' takes the
 * address from the visitor's Google account instead of a typed one, and signs them in to the site
 * as the header's 'Continue with Google' does. The sign-up is still confirmed by mail: a Google
 * account proves an address to Google, not to the list. Shown only where the site offers Google
 * sign-in. A chunk of its own, so the subscribe module's first load carries no account code; the
 * Firebase SDK starts loading when the visitor points at or focuses the button, ready for the click
 * (a popup must open within the click's user activation).
 */
export default function SubscribeWithGoogle({ disabled, onAddress, onError }: Props) {
  const { offer } = useSyncExternalStore(accountStore.subscribe, accountStore.getState);
  if (!offer?.google) return null;
  const preload = () => void loadSdk().catch(() => undefined);
  const subscribe = async () => {
    try {
      const email = await (await loadSdk()).signInWithGoogle();
      if (email) onAddress(email);
      else onError('Your Google account has no email address. Please type one above.');
    } catch (error) {
      onError(describeAuthError(error));
    }
  };
  return (
    <button
      type="button"
      className="cm-button cm-subscribe__google"
      disabled={disabled}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => void subscribe()}
    >
      Subscribe with Google
    </button>
  );
}
