import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { recentKeywordSuggestions, type RecentSearch } from '../../src/domain/saved-searches';
import { offerPath, listingPath } from '../../src/domain/slug';
import { parseSuggestionUrl } from '../../src/domain/suggestions';
import type { Filters, SuggestionItem, SuggestionType } from '../../src/domain/types';
import { useElement } from '../define';
import { useShadowStyles } from '../styles';
import { Combobox, type ComboGroup } from './Combobox';
import { LocationInput, RECENT_SEARCHES_LABEL } from './LocationInput';
import type { SearchStore } from './search.store';
import { searchBarStyles } from './search-bar.styles';
import { createSuggestionStore, FIELD_TYPES, SUGGEST_DEBOUNCE_MS } from './search.suggestions';

export interface SearchBarProps {
  store: SearchStore;
  /** The location as the visitor reads it. */
  placeLabel: string;
  onShareLocation(): void;
  sharing: boolean;
  /** Goes to a listing or offer page (a link click, so a host app can route it). */
  follow(url: string, select: { merchantId: number; name: string; offerId?: number }): void;
  /** The visitor's recent searches, newest first (the `recent-searches` attribute). */
  recent: readonly RecentSearch[];
}

/** A keywords option: an autocomplete suggestion or a recent search to run again. */
type KeywordOption = { item: SuggestionItem } | { recent: RecentSearch };

/** The keywords and location fields and the search button. */
export function SearchBar({ store, placeLabel, onShareLocation, sharing, follow, recent }: SearchBarProps) {
  const { api, tenant, site, track } = useElement();
  useShadowStyles(searchBarStyles);
  const query = useStore(store, (state) => state.query);
  const update = useStore(store, (state) => state.update);
  const [keywords, setKeywords] = useState(query.keywords);
  const [place, setPlace] = useState(placeLabel);
  const [typed, setTyped] = useState(false);
  const [suggestions] = useState(() => createSuggestionStore(api, 'keywords'));
  const { groups, loading, suggest } = useStore(suggestions);

  // What the visitor is typing wins over a search that ends meanwhile (the first one, say):
  // the fields follow the search only while they hold no edit of their own.
  const editing = useRef({ keywords: false, place: false });
  useEffect(() => {
    if (!editing.current.keywords) setKeywords(query.keywords);
  }, [query.keywords]);
  useEffect(() => {
    if (!editing.current.place) setPlace(placeLabel);
  }, [placeLabel]);
  const committed = () => (editing.current = { keywords: false, place: false });
  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => void suggest(keywords), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keywords, typed, suggest]);

  const keywordGroups = useMemo<ComboGroup<KeywordOption>[]>(() => {
    // Recent searches show as soon as the field is focused; typing narrows them.
    const recentGroup: ComboGroup<KeywordOption> = {
      key: 'recent',
      label: RECENT_SEARCHES_LABEL,
      options: recentKeywordSuggestions(recent, typed ? keywords : '').map((search, index) => ({
        key: `recent-${index}`,
        label: search.keywords,
        hint: search.location || undefined,
        value: { recent: search },
      })),
    };
    if (!typed) return [recentGroup];
    const labels = tenant.searchEnvironment.autoSuggestionCategory;
    return [
      recentGroup,
      ...FIELD_TYPES.keywords.map((type: SuggestionType) => ({
        key: type,
        label: labels[type],
        options: (groups[type] ?? []).map((item, index) => ({
          key: `${index}-${item.item}`,
          label: item.item,
          hint: item.address,
          value: { item },
        })),
      })),
    ];
  }, [groups, typed, tenant, recent, keywords]);

  const location = place.trim() === placeLabel.trim() ? undefined : place.trim();

  const onKeywordPick = (item: SuggestionItem) => {
    // Spec 9: a suggestion chosen; an offer suggested is also a promotion.
    track({
      event: 'suggestion',
      group: item.type,
      label: item.item,
      position: (groups[item.type] ?? []).indexOf(item) + 1,
    });
    if (item.type === 'offers')
      track({
        event: 'promotion',
        action: 'suggestions',
        promotion_name: item.item,
        item_id: String(item.offerId ?? ''),
      });
    setTyped(false);
    committed();
    const target = parseSuggestionUrl(item.url);
    if (target?.kind === 'merchant') {
      const name = item.item;
      follow(`${site}${listingPath(tenant.listingRouteName, name, target.merchantId)}`, {
        merchantId: target.merchantId,
        name,
      });
    } else if (target?.kind === 'offer') {
      follow(`${site}${offerPath(item.item, target.offerId)}`, {
        merchantId: item.merchantId ?? 0,
        name: item.address ?? item.item,
        offerId: target.offerId,
      });
    } else if (
      target?.kind === 'filters' &&
      (item.type === 'serviceCategories' || item.type === 'serviceOptions')
    ) {
      // A service: search its filter rather than its words, which would also match descriptions.
      const filters: Filters = { ...store.getState().query.filters };
      const key = item.type === 'serviceCategories' ? 'services.category' : 'services.options';
      setKeywords('');
      void update({
        keywords: '',
        ...(location ? { location } : {}),
        filters: { ...filters, [key]: [item.item] },
      });
    } else {
      setKeywords(item.item);
      void update({ keywords: item.item, ...(location ? { location } : {}) });
    }
  };

  const onRecentPick = (search: RecentSearch) => {
    track({
      event: 'suggestion',
      group: 'recentSearches',
      label: search.keywords,
      position:
        (keywordGroups[0]?.options.findIndex(
          (option) => 'recent' in option.value && option.value.recent === search,
        ) ?? -1) + 1,
    });
    setTyped(false);
    committed();
    setKeywords(search.keywords);
    // The place it ran in comes with it, where this tenant's search has a location field.
    const place = tenant.options.search.location ? search.location : '';
    if (place) setPlace(place);
    void update({ keywords: search.keywords, ...(place ? { location: place } : {}) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTyped(false);
    committed();
    suggestions.getState().clear();
    void update({ keywords, ...(location !== undefined ? { location } : {}) });
  };

  return (
    <form className="search-bar" role="search" aria-label="Search listings" onSubmit={onSubmit}>
      <Combobox
        label="Keywords"
        name="keywords"
        value={keywords}
        placeholder={tenant.searchEnvironment.placeholders.keywords}
        groups={keywordGroups}
        loading={loading}
        onText={(text) => {
          editing.current.keywords = true;
          setTyped(true);
          setKeywords(text);
        }}
        onPick={({ value }) => ('recent' in value ? onRecentPick(value.recent) : onKeywordPick(value.item))}
      />
      {tenant.options.search.location && (
        <LocationInput
          value={place}
          recent={recent}
          onText={(text) => {
            editing.current.place = true;
            setPlace(text);
          }}
          sharing={sharing}
          onShare={() => {
            committed();
            onShareLocation();
          }}
          onPlace={(text) => {
            committed();
            setPlace(text);
            void update({ keywords, location: text });
          }}
        />
      )}
      <button type="submit" className="primary" part="button">
        {tenant.titles.mainSearchButtonName}
      </button>
    </form>
  );
}
