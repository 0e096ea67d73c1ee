import { createContext } from 'react';

/**
 * Whether a first draw must be the server's (`current`, read when a part mounts): in the server's
 * render of a page (host-app/render.tsx), and in the browser while the app hydrates that markup
 * (host-app/main.tsx). Content modules then stop before the first with a form, and draw the rest
 * after the paint (host-app/content/ContentModules.tsx); CMS HTML keeps the server's sanitised
 * markup and is checked after the paint (CmsHtml). Later draws (the visitor's next pages) draw
 * everything at once.
 */
export const ServerDraw = createContext<{ readonly current: boolean }>({ current: false });
