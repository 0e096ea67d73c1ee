import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { recentLocationSuggestions, type RecentSearch } from '../../src/domain/saved-searches';
import { locationSuggestions, isShareMyLocation } from '../../src/domain/suggestions';
import type { SuggestionItem } from '../../src/domain/types';
import { useElement } from '../define';
import { Combobox, type ComboGroup } from './Combobox';
import { createSuggestionStore, SUGGEST_DEBOUNCE_MS } from './search.suggestions';

export interface LocationInputProps {
  value: string;
  onText(text: string): void;
  /** A suggested place was chosen: search there now. */
  onPlace(place: string): void;
  /** 'Share my Location' was chosen. */
  onShare(): void;
  /** The visitor's location is being looked up. */
  sharing: boolean;
  /** The visitor's recent searches, newest first: their places are suggested again. */
  recent: readonly RecentSearch[];
}

/** The heading of the recent searches' group in both fields. */
export const RECENT_SEARCHES_LABEL = 'Recent searches';

/** A location option: a suggested place (or 'Share my Location'), or the place of a recent search. */
type PlaceOption = { item: SuggestionItem } | { recent: string };

/**
 * The location field: places as the visitor types (debounced, cached per text), with
 * 'Share my Location' first in the group when the browser can geolocate, and the places of the
 * visitor's recent searches in a group of their own.
 */
export function LocationInput({ value, onText, onPlace, onShare, sharing, recent }: LocationInputProps) {
  const { api, tenant, track } = useElement();
  const [store] = useState(() => createSuggestionStore(api, 'location'));
  const { groups, loading, suggest } = useStore(store);
  const [typed, setTyped] = useState(false);

  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => void suggest(value), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, typed, suggest]);

  const canShare = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const options = useMemo<ComboGroup<PlaceOption>[]>(() => {
    const items = locationSuggestions(typed ? (groups.merchantLocations ?? []) : [], {
      shareMyLocation: canShare,
    });
    return [
      {
        key: 'merchantLocations',
        label: tenant.searchEnvironment.autoSuggestionCategory.merchantLocations,
        options: items.map((item, index) => ({
          key: `${index}-${item.item}`,
          label: isShareMyLocation(item) && sharing ? 'Finding your location…' : item.item,
          value: { item },
        })),
      },
      {
        key: 'recent',
        label: RECENT_SEARCHES_LABEL,
        options: recentLocationSuggestions(recent, typed ? value : '').map((place) => ({
          key: `recent-${place}`,
          label: place,
          value: { recent: place },
        })),
      },
    ];
  }, [groups, typed, canShare, sharing, tenant, recent, value]);

  const pick = (option: PlaceOption) => {
    const group = 'recent' in option ? options[1] : options[0];
    track({
      event: 'suggestion',
      group: 'recent' in option ? 'recentSearches' : 'merchantLocations',
      label:
        'recent' in option
          ? option.recent
          : isShareMyLocation(option.item)
            ? 'Share my Location'
            : option.item.item,
      position: (group?.options.findIndex((candidate) => candidate.value === option) ?? -1) + 1,
    });
    setTyped(false);
    if ('recent' in option) onPlace(option.recent);
    else if (isShareMyLocation(option.item)) onShare();
    else onPlace(option.item.address || option.item.item);
  };

  return (
    <Combobox
      label="Location"
      name="location"
      value={value}
      placeholder={tenant.searchEnvironment.placeholders.location}
      groups={options}
      loading={loading || sharing}
      onText={(text) => {
        setTyped(true);
        onText(text);
      }}
      onPick={({ value: option }) => pick(option)}
    />
  );
}
