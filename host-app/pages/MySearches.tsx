import { useEffect, useState } from 'react';
import { useAccount } from '../accounts/AccountMenu';
import { AccountError, deleteSearch, savedSearches, type SavedSearch } from '../accounts/session';
import type { PageProps } from './types';

type Loaded =
  { status: 'loading' } | { status: 'ready'; items: SavedSearch[] } | { status: 'error'; message: string };

/** /my-searches: the signed-in visitor's saved searches, newest first, to run again or delete. */
export default function MySearches(_props: PageProps) {
  const { offer, user, known } = useAccount();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    if (!user) return;
    savedSearches().then(
      (items) => setLoaded({ status: 'ready', items }),
      (error: unknown) =>
        setLoaded({
          status: 'error',
          message: error instanceof AccountError ? error.message : 'Your searches could not be loaded.',
        }),
    );
  }, [user]);

  const remove = async (id: string) => {
    await deleteSearch(id);
    setLoaded((current) =>
      current.status === 'ready'
        ? { status: 'ready', items: current.items.filter((item) => item.id !== id) }
        : current,
    );
  };

  let body;
  if (!user)
    body = (
      <p>
        {offer && !known ? 'Loading…' : 'Sign in (at the top of the page) to see the searches you ran here.'}
      </p>
    );
  else if (loaded.status === 'loading') body = <p role="status">Loading your searches…</p>;
  else if (loaded.status === 'error') body = <p role="alert">{loaded.message}</p>;
  else if (!loaded.items.length) body = <p>No saved searches yet: the searches you run are kept here.</p>;
  else
    body = (
      <ul className="my-searches">
        {loaded.items.map((item) => (
          <li key={item.id}>
            <strong>{[item.keywords, item.location].filter(Boolean).join(' near ') || 'Search'}</strong>{' '}
            <time dateTime={new Date(item.timestamp).toISOString()}>
              {new Date(item.timestamp).toLocaleString()}
            </time>{' '}
            <a href={`/search?${item.query}`}>Search again</a>{' '}
            <button
              type="button"
              aria-label={`Delete ${item.keywords || item.location || 'search'}`}
              onClick={() => void remove(item.id)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <section>
      <h1>My searches</h1>
      {body}
    </section>
  );
}
