import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  countSelected,
  listingKey,
  pageWindow,
  rangeText,
  readListingState,
  toApiQuery,
  toggleFilter,
  withPage,
  withSort,
} from '../src/listing/listingQuery';

const params = (q: string) => new URLSearchParams(q);

describe('listing state from the URL', () => {
  it('reads repeated and comma-separated filter values, without duplicates or blanks', () => {
    const state = readListingState(params('flowerName=roses&flowerName=lilies,roses&budget=&sort=price-asc&page=3'));
    expect(state).toEqual({ filters: { flowerName: ['roses', 'lilies'] }, sort: 'price-asc', page: 3, search: '', exact: false });
  });

  it('falls back to the default sort and page 1 for anything unknown', () => {
    expect(readListingState(params('sort=cheapest&page=-2'))).toMatchObject({ sort: 'default', page: 1 });
    expect(readListingState(params('page=2.5')).page).toBe(1);
  });

  it('keeps shopBy and the trimmed search text', () => {
    expect(readListingState(params('search=%20red%20roses%20&shopBy=wrapped-bouquet'))).toMatchObject({
      search: 'red roses',
      filters: { shopBy: ['wrapped-bouquet'] },
    });
  });
});

describe('changing the listing', () => {
  it('ticks and unticks an option, starting again at page 1', () => {
    const ticked = toggleFilter(params('flowerName=roses&page=4&sort=name-asc'), 'flowerName', 'lilies');
    expect(ticked.toString()).toBe('sort=name-asc&flowerName=roses&flowerName=lilies');
    expect(toggleFilter(ticked, 'flowerName', 'roses').toString()).toBe('sort=name-asc&flowerName=lilies');
  });

  it('clears the six filter groups but keeps search, shopBy and sort', () => {
    const cleared = clearFilters(params('search=rose&shopBy=box-arrangements&budget=under-25000&design=box&sort=price-desc&page=2'));
    expect(cleared.toString()).toBe('search=rose&shopBy=box-arrangements&sort=price-desc');
  });

  it('sets or removes the sort and the page', () => {
    expect(withSort(params('page=2'), 'price-asc').toString()).toBe('sort=price-asc');
    expect(withSort(params('sort=price-asc'), 'default').toString()).toBe('');
    expect(withPage(params('sort=name-asc'), 2).toString()).toBe('sort=name-asc&page=2');
    expect(withPage(params('page=2'), 1).toString()).toBe('');
  });

  it('counts ticked options of the filter groups only', () => {
    expect(countSelected(readListingState(params('budget=a,b&design=box&shopBy=others')))).toBe(3);
  });
});

describe('the API query', () => {
  it('joins values with commas and leaves defaults out', () => {
    const state = readListingState(params('flowerName=roses&flowerName=lilies&sort=price-asc&page=2&search=red'));
    expect(toApiQuery(state)).toEqual({ search: 'red', flowerName: 'roses,lilies', sort: 'price-asc', page: 2 });
    expect(toApiQuery(readListingState(params('')))).toEqual({});
  });

  it('gives the same key to the same listing however the URL spells it', () => {
    const a = listingKey('category:roses', readListingState(params('flowerName=roses,lilies&sort=default')));
    const b = listingKey('category:roses', readListingState(params('flowerName=roses&flowerName=lilies')));
    expect(a).toBe(b);
    expect(a).not.toBe(listingKey('category:lilies', readListingState(params('flowerName=roses,lilies'))));
  });
});

describe('pagination', () => {
  it('offers first, last and the neighbours of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]); // a gap of one page shows the page
    expect(pageWindow(1, 6)).toEqual([1, 2, 'gap', 6]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('says which products show', () => {
    expect(rangeText(1, 24, 0, 0)).toBe('No products');
    expect(rangeText(1, 24, 1, 1)).toBe('1 product');
    expect(rangeText(1, 24, 20, 20)).toBe('20 products');
    expect(rangeText(2, 24, 60, 24)).toBe('Showing 25–48 of 60 products');
  });
});
