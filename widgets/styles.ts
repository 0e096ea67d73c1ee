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

/**
 * Adds `styles` to the element's shadow root, once per cache: calling it on every render is
 * cheap. Rules are not scoped by class, the shadow root already scopes them to the element.
 */
export function useShadowStyles(...styles: string[]): void {
  const cache = useContext(StyleCacheContext);
  if (!cache) throw new Error('useShadowStyles() outside an element');
  for (const text of styles) {
    const name = hashString(text);
    // Inserted during render, as emotion itself does, so the first paint is already styled.
    if (!cache.inserted[name]) cache.insert('', { name, styles: text, next: undefined }, cache.sheet, true);
  }
}
