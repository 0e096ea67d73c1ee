/**
 * The hosted site's pages drawn on the server (issue 16: a phone paints the page's first screen
 * from the HTML, before any script has run). Built on its own (`vite build --mode render`, into
 * dist/render/) and called by server/site.ts for each page it serves; the browser's app then
 * hydrates that markup (main.tsx), starting from the same content. Hydration takes the markup as
 * it is (it sets no attributes), so the two draws must be alike: nothing in a first draw may depend
 * on what only the browser knows (the window's width waits for the first layout effect:
 * content/viewport.ts; the account corner waits for the first draw: shell/Header.tsx).
 *
 * What the server draws is what the browser's first draw shows: the shell (header, footer, the
 * consent bar when the visitor's cookie says it will show), the page with the content the page
 * carries (src/domain/page-content.ts), and the elements' tags, which draw themselves once their
 * code is here; a listing, offer or search page's element comes with its first screen (a
 * declarative shadow root: widgets/first-screen.tsx), drawn from the answers the page carries. Not
 * drawn: the account corner (it depends on this browser's session) and content modules from the
 * first with a form on (a form must work when it shows): the browser's hydration stops there
 * too, and adds them below once the page has painted (ServerDraw, src/ui/server-draw.ts). CMS
 * HTML is sanitised here by the server's sanitiser (src/ui/cms-html-server), as strict as the
 * browser's, which checks it again once the page has painted (CmsHtml).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToStringAsync } from 'preact-render-to-string';
import type { DrawnPage, PageToDraw } from '../src/domain/page-content';
import type { TenantConfig } from '../src/tenant/types';
import { preloadPage, Site } from './App';
import { CarriedContent } from './content-data';
import { ServerDraw } from '../src/ui/server-draw';
import { ElementScreenDrawer } from '../widgets/element-screen';
import { drawElementScreen } from '../widgets/first-screen';
import { serverAnalytics } from './shell/analytics';
import { withoutStyleAttributes } from '../src/ui/drawn-styles';
import { CmsSanitizer } from '../src/ui/CmsHtml';
import { sanitizeCmsHtmlOnServer } from '../src/ui/cms-html-server';

const SERVER_DRAW = { current: true } as const;

/** The page at `path`, drawn as the browser's first draw will draw it (main.tsx hydrates it). */
export async function drawPage({
  tenant,
  path,
  query,
  content,
  answers,
  consent,
  nonce,
}: PageToDraw<TenantConfig>): Promise<DrawnPage> {
  await preloadPage(path, tenant);
  // A cache per page: emotion writes each rule's <style> beside the markup that uses it, once.
  const styles = createCache({ key: 'css', nonce });
  const html = await renderToStringAsync(
    <CacheProvider value={styles}>
      <CarriedContent.Provider value={new Map(Object.entries(content))}>
        <ServerDraw.Provider value={SERVER_DRAW}>
          <CmsSanitizer.Provider value={sanitizeCmsHtmlOnServer}>
            <ElementScreenDrawer.Provider
              value={(tag, attributes) =>
                drawElementScreen({ tag, attributes, tenant, answers, query, nonce })
              }
            >
              <Site tenant={tenant} analytics={serverAnalytics(tenant, consent)} path={path} />
            </ElementScreenDrawer.Provider>
          </CmsSanitizer.Provider>
        </ServerDraw.Provider>
      </CarriedContent.Provider>
    </CacheProvider>,
  );
  // Hydration does not set styles the markup already has, so each rule stays (in the head:
  // hydration removes what the app does not draw).
  const { markup, rules } = withoutStyleAttributes(html, '#app ');
  return { app: markup, head: rules ? `<style nonce="${nonce}">${rules}</style>` : '' };
}
