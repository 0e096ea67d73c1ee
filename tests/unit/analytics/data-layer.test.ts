// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  offerPrice,
  pushToDataLayer,
  searchResultIndex,
  selectItemEvent,
} from '../../../src/analytics/data-layer';

describe('pushToDataLayer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    delete window.dataLayer;
    delete (window as unknown as Record<string, unknown>).google_tag_manager;
  });
  afterEach(() => vi.useRealTimers());

  it('pushes a copy of the entry', () => {
    const entry = { event: 'reset_filter', tenant: 'spa' } as const;
    pushToDataLayer(entry);
    expect(window.dataLayer).toEqual([{ event: 'reset_filter', tenant: 'spa' }]);
    expect(window.dataLayer![0]).not.toBe(entry);
  });

  it('hands the tag manager a 1500 ms timeout and runs the callback once it calls back', () => {
    (window as unknown as Record<string, unknown>).google_tag_manager = {};
    const callback = vi.fn();
    pushToDataLayer({ event: 'header_drawer', state: 'open', tenant: 'spa' }, callback);
    const pushed = window.dataLayer![0]!;
    expect(pushed.eventTimeout).toBe(1500);
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
    (pushed.eventCallback as () => void)();
    (pushed.eventCallback as () => void)();
    vi.advanceTimersByTime(2000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs the callback after 1500 ms when a tag manager never calls back', () => {
    (window as unknown as Record<string, unknown>).google_tag_manager = {};
    const callback = vi.fn();
    pushToDataLayer({ event: 'reset_filter', tenant: 'spa' }, callback);
    vi.advanceTimersByTime(1499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs the callback after 300 ms when no tag manager is on the page', () => {
    const callback = vi.fn();
    pushToDataLayer({ event: 'reset_filter', tenant: 'spa' }, callback);
    vi.advanceTimersByTime(299);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});

describe('search result selection (spec 9)', () => {
  it('indexes results as (page+1)*size-size+position+1', () => {
    expect(searchResultIndex(0, 12, 0)).toBe(1);
    expect(searchResultIndex(0, 12, 11)).toBe(12);
    expect(searchResultIndex(2, 12, 3)).toBe(28);
  });

  it('takes the discount as price minus discountPrice, or percentOff with %', () => {
    expect(offerPrice({ price: 120, discountPrice: 90, percentOff: null })).toEqual({
      price: 120,
      discount: 30,
    });
    expect(offerPrice({ price: 100, discountPrice: null, percentOff: 25 })).toEqual({
      price: 100,
      discount: '25%',
    });
    expect(offerPrice({ price: null, discountPrice: null, percentOff: null })).toEqual({ price: undefined });
  });

  it('names the list after the page and carries currency, index and discount', () => {
    expect(
      selectItemEvent({
        merchantId: 7,
        name: 'Blue Lotus Spa',
        pageName: 'Search',
        page: 1,
        size: 12,
        position: 2,
        currency: 'USD',
        offer: { price: 80, discountPrice: 60, percentOff: null },
      }),
    ).toEqual({
      event: 'select_item',
      ecommerce: {
        item_list_id: 'listings_search_results',
        item_list_name: 'Listings Search Results',
        currency: 'USD',
        items: [
          {
            item_id: '7',
            item_name: 'Blue Lotus Spa',
            index: 15,
            item_list_name: 'Listings Search Results',
            price: 80,
            discount: 20,
          },
        ],
      },
    });
  });
});
