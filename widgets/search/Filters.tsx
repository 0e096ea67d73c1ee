import { useId, useState } from 'react';
import { useStore } from 'zustand';
import {
  DISTANCE_OPTIONS,
  LISTING_TYPE_OPTIONS,
  RATING_OPTIONS,
  SORT_OPTIONS,
} from '../../src/domain/constants';
import { isEmptyFilters } from '../../src/domain/filters';
import type { SortType } from '../../src/domain/types';
import { useElement } from '../define';
import { useShadowStyles } from '../styles';
import { filtersStyles } from './filters.styles';
import type { SearchState, SearchStore } from './search.store';

/** Service categories offered in the filter, most common first. */
const MAX_SERVICE_CATEGORIES = 8;

/**
 * The filters of spec 2.7 that the tenant's search options switch on. The tenant's
 * searchEnvironment.filtersOnSearch puts business types and listing types in the row that is
 * always shown; the rest (and those when switched off there) sit under 'More filters'.
 */
export function Filters({ store }: { store: SearchStore }) {
  const { tenant, track } = useElement();
  useShadowStyles(filtersStyles);
  const query = useStore(store, (state) => state.query);
  const aggregations = useStore(store, (state) => state.aggregations);
  // Each change the visitor makes here is a filter change of spec 9; the reset button a reset.
  const changed = (patch: object) => {
    for (const [filter, value] of Object.entries(patch))
      track({
        event: 'filter_change',
        filter,
        value: Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value),
      });
  };
  const update: SearchState['update'] = (patch) => (changed(patch), store.getState().update(patch));
  const setFilters: SearchState['setFilters'] = (patch) => (
    changed(patch),
    store.getState().setFilters(patch)
  );
  const reset = () => (track({ event: 'reset_filter' }), store.getState().reset());
  const options = tenant.options.search;
  const inRow = tenant.searchEnvironment.filtersOnSearch;
  const businessTypes = tenant.searchEnvironment.businessTypes;
  const { filters } = query;
  // What 'More filters' holds is drawn when it first opens: closed, it shows nothing, and the
  // service options alone are 120-odd elements that each search's draw would otherwise build.
  const [moreOpened, setMoreOpened] = useState(false);

  const distance = options.distance && (
    <Select
      label="Distance"
      value={String(query.distance)}
      options={DISTANCE_OPTIONS.map(({ value, label }) => ({ value: String(value), label }))}
      onChange={(value) => void update({ distance: Number(value) })}
    />
  );
  const sort = (
    <Select
      label="Sort by"
      value={query.sort}
      options={SORT_OPTIONS.map(({ value, label }) => ({ value, label }))}
      onChange={(value) => void update({ sort: value as SortType })}
    />
  );
  const rating = options.rating && (
    <Select
      label="Rating"
      value={String(filters.averageScore ?? 0)}
      options={RATING_OPTIONS.map(({ value, label }) => ({ value: String(value), label }))}
      onChange={(value) => void setFilters({ averageScore: Number(value) || undefined })}
    />
  );
  const listingType = options.listingTypes && (
    <Select
      label="Listing type"
      value={String(query.hasOffers)}
      options={LISTING_TYPE_OPTIONS.map(({ value, label }) => ({ value: String(value), label }))}
      onChange={(value) => void update({ hasOffers: value === 'true' })}
    />
  );
  const allTypes = tenant.listingRouteName === 'site' ? 'All Brands' : 'All Spas';
  const businessType = options.businessTypes && businessTypes.length > 0 && (
    <Select
      label={tenant.listingRouteName === 'site' ? 'Brand' : 'Spa type'}
      value={filters.businessTypes?.[0] ?? ''}
      options={[
        { value: '', label: allTypes },
        ...businessTypes.map(({ title, value }) => ({ value, label: title })),
      ]}
      onChange={(value) => void setFilters({ businessTypes: value ? [value] : undefined })}
    />
  );

  const chosenOptions = filters['services.options'] ?? [];
  const chosenCategories = filters['services.category'] ?? [];
  const toggleOption = (option: string, on: boolean) =>
    void setFilters({
      'services.options': on
        ? [...chosenOptions, option]
        : chosenOptions.filter((chosen) => chosen !== option),
    });
  const categories = [...aggregations]
    .sort((a, b) => b.listingsWithCategoryCount - a.listingsWithCategoryCount)
    .slice(0, MAX_SERVICE_CATEGORIES);
  const services = options.services && categories.length > 0 && (
    <fieldset className="services">
      <legend>{tenant.titles.servicesSectionName}</legend>
      {categories.map((category) => (
        <fieldset key={category.category} className="service-category">
          <legend>{category.category}</legend>
          {category.options.map(({ option, count }) => (
            <label key={option} className="check">
              <input
                type="checkbox"
                checked={chosenOptions.includes(option)}
                onChange={(event) => toggleOption(option, event.currentTarget.checked)}
              />
              {option} <span className="count">({count})</span>
            </label>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );

  const moreListingType = !inRow.listingTypes && listingType;
  const moreBusinessType = !inRow.businessTypes && businessType;
  const hasMore = Boolean(rating || moreListingType || moreBusinessType || services);
  const anyFilter =
    !isEmptyFilters(filters) || query.hasOffers || query.distance !== 50 || query.sort !== 'relevance';
  const moreCount =
    (filters.averageScore ? 1 : 0) +
    chosenOptions.length +
    (!inRow.listingTypes && query.hasOffers ? 1 : 0) +
    (!inRow.businessTypes && filters.businessTypes?.length ? 1 : 0);

  return (
    <div className="filters">
      <div className="filter-row">
        {distance}
        {inRow.businessTypes && businessType}
        {inRow.listingTypes && listingType}
        {sort}
        {options.reset && anyFilter && (
          <button type="button" className="link-button" onClick={() => void reset()}>
            Reset filters
          </button>
        )}
      </div>
      {(chosenCategories.length > 0 || chosenOptions.length > 0) && (
        <ul className="chips" aria-label="Chosen services">
          {chosenCategories.map((category) => (
            <li key={`c-${category}`}>
              <button
                type="button"
                className="chip"
                aria-label={`Remove ${category}`}
                onClick={() =>
                  void setFilters({
                    'services.category': chosenCategories.filter((chosen) => chosen !== category),
                  })
                }
              >
                {category} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {chosenOptions.map((option) => (
            <li key={`o-${option}`}>
              <button
                type="button"
                className="chip"
                aria-label={`Remove ${option}`}
                onClick={() => toggleOption(option, false)}
              >
                {option} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <details
          className="more-filters"
          onToggle={(event) => event.currentTarget.open && setMoreOpened(true)}
        >
          <summary>More filters{moreCount > 0 ? ` (${moreCount})` : ''}</summary>
          {moreOpened && (
            <div className="more-body">
              {(rating || moreListingType || moreBusinessType) && (
                <div className="filter-row">
                  {rating}
                  {moreListingType}
                  {moreBusinessType}
                </div>
              )}
              {services}
            </div>
          )}
        </details>
      )}
    </div>
  );
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="select">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
