/**
 * Styles inside an element's shadow root. Each element instance has its own emotion cache whose
 * container is its shadow root (see define.tsx); `useShadowStyles` inserts rules into it once.
 * This uses @emotion/cache (stylis, the sheet) without @emotion/react's components: the rules
 * of an element are static per theme, and skipping the React layer keeps every embed about
 * 4 KB smaller.
 */
import { createContext, useContext } from 'react';
import type { EmotionCache } from '@emotion/cache';
import hashString from '@emotion/hash';

export const StyleCacheContext = createContext<EmotionCache | null>(null);

/** Rule texts named so far, at most this many (the modules' constants and a few themes'). */
const MAX_NAMED = 256;
const names = new Map<string, string>();

/**
 * A rule text's name in a cache (emotion's hash of it), worked out once per text. Hashed again on
 * every render, they took 2.7-3.4 ms of the listing element's first draw (20-28 ms, Chromium at
 * 1x), 1.5 ms once per text. The map finds a text by V8's own hash of the string, which a string
 * keeps once computed.
 */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED) names.clear();
    name = hashString(text);
    names.set(text, name);
  }
  return name;
}

/**
 * Adds `styles` to the element's shadow root, once per cache: calling it on every render is
 * cheap. Rules are not scoped by class, the shadow root already scopes them to the element.
 *
 * Each text goes into the cache's sheet as written (a <style> each): the elements' rules are plain
 * CSS (no nesting, and no prefix the browsers we serve need; tests/unit/widgets/styles.test.ts
 * holds them to it), which the browser parses itself. Compiling them with stylis (emotion's
 * `insert`) took 12-25 ms of a phone's CPU in each element's first draw (issue 16).
 */
export function useShadowStyles(...styles: string[]): void {
  const cache = useContext(StyleCacheContext);
  if (!cache) throw new Error('useShadowStyles() outside an element');
  for (const text of styles) {
    const name = nameOf(text);
    if (cache.inserted[name]) continue;
    cache.inserted[name] = true;
    // Inserted during render, as emotion itself does, so the first paint is already styled.
    cache.sheet.insert(text);
  }
}

/**
 * The attribute of the <style> in a first screen the server drew (widgets/first-screen.tsx): the
 * names of the rule sets it holds, compiled. An element taking that shadow root over keeps the
 * <style> and marks those names inserted in its cache, so its first draw compiles none again.
 */
export const DRAWN_RULES = 'data-ws-rules';

/** Marks the rule sets of a kept server <style> (DRAWN_RULES) as inserted in `cache`. */
export function adoptDrawnRules(cache: EmotionCache, style: Element | null | undefined): void {
  for (const name of style?.getAttribute(DRAWN_RULES)?.split(' ') ?? [])
    if (name) cache.inserted[name] = true;
}
