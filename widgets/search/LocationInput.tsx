import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
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
}

/**
 * The location field: places as the visitor types (debounced, cached per text), with
 * 'Share my Location' first in the group when the browser can geolocate.
 */
export function LocationInput({ value, onText, onPlace, onShare, sharing }: LocationInputProps) {
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
  const options = useMemo<ComboGroup<SuggestionItem>[]>(() => {
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
          value: item,
        })),
      },
    ];
  }, [groups, typed, canShare, sharing, tenant]);

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
      onPick={({ value: item }) => {
        track({
          event: 'suggestion',
          group: 'merchantLocations',
          label: isShareMyLocation(item) ? 'Share my Location' : item.item,
          position: (options[0]?.options.findIndex((option) => option.value === item) ?? -1) + 1,
        });
        setTyped(false);
        if (isShareMyLocation(item)) onShare();
        else onPlace(item.address || item.item);
      }}
    />
  );
}
