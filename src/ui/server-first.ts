import { useContext, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { ServerDraw } from './server-draw';

// A module apart from ServerDraw's: the search element, the offer page and the host app's content
// use it, and server-draw.ts is in the chunk every element loads (the gift card elements would
// carry these too).

/**
 * Whether this part's first draw hydrates the server's (ServerDraw), as it was when the part
 * mounted: ServerDraw says so only during that draw.
 */
export function useHydrating(): boolean {
  const serverDraw = useContext(ServerDraw);
  const [hydrating] = useState(() => serverDraw.current);
  return hydrating;
}

/**
 * State whose first value reads the browser (the viewport, storage), which the server cannot:
 * while the part hydrates the server's draw it starts from the server's value (`served`) and
 * reads the browser once drawn, since hydration keeps the server's markup and a first draw of
 * another value would not reach it. Otherwise it reads the browser at once.
 */
export function useServerFirst<T>(read: () => T, served: T): [T, Dispatch<SetStateAction<T>>] {
  const hydrating = useHydrating();
  const [value, setValue] = useState(() => (hydrating ? served : read()));
  useEffect(() => {
    if (hydrating) setValue(read());
  }, [hydrating]); // once, after the hydrating draw
  return [value, setValue];
}
