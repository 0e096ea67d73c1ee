import { createContext, useContext } from 'react';
import type { ElementWithScreen } from './first-screen';

/** An element's tag name and its attributes, as a page writes them. */
type DrawScreen = (
  tag: ElementWithScreen,
  attributes: Record<string, string | boolean | undefined>,
) => string | null;

/**
 * On the server, what draws an element's first screen (host-app/render.tsx provides
 * widgets/first-screen.tsx's drawer, which provides it again for an element inside the one it
 * draws); null in the browser, where the element draws itself.
 */
export const ElementScreenDrawer = createContext<DrawScreen | null>(null);

/**
 * The first screen the server draws inside an element's tag: a declarative shadow root, which the
 * browser's HTML parser attaches to the element (it is no child of the tag in the DOM, so the
 * browser's hydration, which draws none, finds the tag as it draws it). Nothing in the browser.
 */
export function ElementScreen({
  tag,
  attributes,
}: {
  tag: ElementWithScreen;
  attributes: Record<string, string | boolean | undefined>;
}) {
  const draw = useContext(ElementScreenDrawer);
  const screen = draw?.(tag, attributes);
  return screen ? (
    <template {...{ shadowrootmode: 'open' }} dangerouslySetInnerHTML={{ __html: screen }} />
  ) : null;
}
