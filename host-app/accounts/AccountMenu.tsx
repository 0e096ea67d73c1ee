import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
// emotion's css, as the rest of the shell: importing src/ui/css (the elements' tag) here made the
// bundler split preact/compat out of the app's first chunk (+0.6 kB gzip on every first load).
import { css, Global } from '@emotion/react';
import { describeAuthError } from './auth-errors';
import { saveSearchesWith } from './search-log';
import {
  accountStore,
  AccountError,
  initAccounts,
  loadSdk,
  saveSearch,
  userApi,
  type AccountState,
} from './session';

/**
 * The account state in a component, re-rendered when it changes. Here, not in session.ts: that
 * module stays free of React, so sharing it does not split React out of the app's first chunk.
 */
export const useAccount = (): AccountState =>
  useSyncExternalStore(accountStore.subscribe, accountStore.getState);

const accountStyles = css`
  .account {
    margin-left: auto;
  }
  .account button.link {
    background: none;
    border: 0;
    color: inherit;
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
    padding: 0.25rem 0.5rem;
  }
  .account dialog {
    border: 0;
    border-radius: 8px;
    padding: 1.5rem;
    max-width: 22rem;
    color: #1f2933;
  }
  .account dialog form {
    display: grid;
    gap: 0.6rem;
  }
  .account dialog input {
    font: inherit;
    padding: 0.4rem;
  }
  .account .error {
    color: #b3261e;
  }
  .account details ul {
    right: 0;
    left: auto;
  }
`;

/**
 * The header's account corner: 'Sign in' when the tenant offers accounts, the signed-in visitor's
 * email with their menu otherwise. While someone is signed in, the searches they run are saved.
 */
export default function AccountMenu({ tenant, api }: { tenant: string; api: string }) {
  const { offer, user } = useAccount();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void initAccounts(tenant, api);
  }, [tenant, api]);

  // Signed in: the dialog has done its work (a later sign-out must not bring it back).
  useEffect(() => {
    if (user) setOpen(false);
  }, [user]);

  // Signed in: the searches run from now on, and the one this page ran before the session was
  // known (a search link opened or reloaded), are saved.
  useEffect(() => {
    if (!user) return;
    return saveSearchesWith((search) => {
      const query = search.query ?? location.search;
      if (query && !openedBySelf(query, search.located))
        saveSearch(query).catch((error: unknown) => console.warn('search not saved', error));
    });
  }, [user]);

  if (!offer) return null;
  return (
    <div className="account">
      <Global styles={accountStyles} />
      {user ? (
        <SignedIn email={user.email ?? 'your account'} />
      ) : (
        <button type="button" className="link" onClick={() => setOpen(true)}>
          Sign in
        </button>
      )}
      {open && !user && <SignInDialog google={offer.google} onClose={() => setOpen(false)} />}
    </div>
  );
}

/**
 * The search a search page runs by itself when opened without one: no keywords or filters, at
 * the place the element found (the visitor's position or country). Not a search the visitor ran,
 * so not one to keep.
 */
function openedBySelf(query: string, located = false): boolean {
  return located && [...new URLSearchParams(query).keys()].every((key) => key === 'location');
}

function SignedIn({ email }: { email: string }) {
  const [message, setMessage] = useState('');
  const download = async () => {
    try {
      const data = await userApi('GET', '');
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = Object.assign(document.createElement('a'), { href: url, download: 'my-data.json' });
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setMessage(
        error instanceof AccountError ? error.message : 'The download did not work. Please try again.',
      );
    }
  };
  const remove = async () => {
    if (!confirm('Delete your account and everything saved with it? This cannot be undone.')) return;
    try {
      await userApi('DELETE', '');
      await (await loadSdk()).deleteAccount();
    } catch (error) {
      setMessage(error instanceof AccountError ? error.message : describeAuthError(error));
    }
  };
  return (
    <details>
      <summary>Signed in as {email}</summary>
      <ul>
        <li>
          <a href="/my-searches">My searches</a>
        </li>
        <li>
          <button type="button" className="link" onClick={() => void download()}>
            Download my data
          </button>
        </li>
        <li>
          <button type="button" className="link" onClick={() => void remove()}>
            Delete my account
          </button>
        </li>
        <li>
          <button
            type="button"
            className="link"
            onClick={() => void loadSdk().then((sdk) => sdk.signOutNow())}
          >
            Sign out
          </button>
        </li>
      </ul>
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
    </details>
  );
}

function SignInDialog({ google, onClose }: { google: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    // The SDK starts loading as the dialog opens: it is ready by the time the form is filled in.
    loadSdk().then(
      () => setReady(true),
      () => setStatus({ text: 'Sign-in is not available right now. Please try again later.', error: true }),
    );
  }, []);

  const run = async (
    action: (sdk: Awaited<ReturnType<typeof loadSdk>>) => Promise<unknown>,
    done?: string,
  ) => {
    setBusy(true);
    setStatus(null);
    try {
      await action(await loadSdk());
      if (done) setStatus({ text: done, error: false });
    } catch (error) {
      setStatus({ text: describeAuthError(error), error: true });
    } finally {
      setBusy(false);
    }
  };
  const fields = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') };
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { email, password } = fields(event.currentTarget);
    const creating = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'create';
    void run((sdk) => (creating ? sdk.signUp(email, password) : sdk.signIn(email, password)));
  };

  return (
    <dialog ref={dialog} aria-labelledby="sign-in-title" onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id="sign-in-title">Sign in</h2>
        <label>
          Email
          <br />
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <br />
          <input name="password" type="password" autoComplete="current-password" minLength={6} required />
        </label>
        <button type="submit" className="button" value="sign-in" disabled={busy || !ready}>
          Sign in
        </button>
        <button type="submit" className="button" value="create" disabled={busy || !ready}>
          Create account
        </button>
        <button
          type="button"
          className="link"
          disabled={busy || !ready}
          onClick={(event) => {
            const { email } = fields(event.currentTarget.form!);
            if (!email) return setStatus({ text: 'Please enter your email address first.', error: true });
            void run(
              (sdk) => sdk.resetPassword(email),
              `If there is an account for ${email}, a link to choose a new password is on its way.`,
            );
          }}
        >
          Forgot password?
        </button>
        {google && (
          <button
            type="button"
            className="button"
            disabled={busy || !ready}
            onClick={() => void run((sdk) => sdk.signInWithGoogle())}
          >
            Continue with Google
          </button>
        )}
        {status && (
          <p className={status.error ? 'error' : undefined} role={status.error ? 'alert' : 'status'}>
            {status.text}
          </p>
        )}
        <button type="button" className="link" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </form>
    </dialog>
  );
}
