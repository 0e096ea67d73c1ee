import { createContext, useContext, type MouseEvent } from 'react';
import type { ListingCard } from '../../src/domain/types';
import { browserUrl, type UrlAdapter } from './search.store';

/** What the result pieces need from <wellspring-search> besides the element context. */
export interface SearchView {
  /** The hosted listing page of a listing. */
  listingUrl(listing: Pick<ListingCard, 'name' | 'merchantId'>): string;
  /** A result link was clicked: fires wellspring-listing-select, which may cancel it. */
  onSelect(event: MouseEvent, listing: ListingCard, position: number): void;
}

export const SearchViewContext = createContext<SearchView | null>(null);

export function useSearchView(): SearchView {
  const view = useContext(SearchViewContext);
  if (!view) throw new Error('useSearchView() outside <wellspring-search>');
  return view;
}

/**
 * The page URL a sync-url search reads its opening search from and writes its searches to: the
 * browser's; the drawn page's when the server draws the element's first screen (first-screen.tsx).
 */
export const PageUrlContext = createContext<UrlAdapter>(browserUrl);
