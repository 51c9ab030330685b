// The listing's state lives in the page URL (links, reload and back all work); these pure functions
// read it, change it, and turn it into the API query.
import { DEFAULT_SORT, FILTER_GROUPS, SORT_OPTIONS, type FilterGroupName, type ListingSort } from '@adire/contracts';
import type { ListingQuery } from '../api';

/** A checkbox group of the filter panel, named as its URL and API parameter. */
export type ListingGroup = FilterGroupName | 'shopBy';

const SORT_VALUES = new Set<string>(SORT_OPTIONS.map((o) => o.value));
const LISTING_GROUPS: readonly ListingGroup[] = [...FILTER_GROUPS, 'shopBy'];

export interface ListingState {
  filters: Partial<Record<ListingGroup, string[]>>;
  sort: ListingSort;
  page: number;
  /** Trimmed search text, '' when none. */
  search: string;
  /** `exact=1`: the search's words as typed, none corrected (the "search instead for …" link). */
  exact: boolean;
}

/** The values chosen in one group: repeated parameters or comma-separated, trimmed, without duplicates. */
export function selectedValues(params: URLSearchParams, group: ListingGroup): string[] {
  const values = params.getAll(group).flatMap((v) => v.split(','));
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

export function readSort(params: URLSearchParams): ListingSort {
  const raw = params.get('sort') ?? '';
  return SORT_VALUES.has(raw) ? (raw as ListingSort) : DEFAULT_SORT.value;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export function readListingState(params: URLSearchParams): ListingState {
  const filters: ListingState['filters'] = {};
  for (const group of LISTING_GROUPS) {
    const values = selectedValues(params, group);
    if (values.length) filters[group] = values;
  }
  const search = (params.get('search') ?? '').trim();
  return { filters, sort: readSort(params), page: readPage(params), search, exact: Boolean(search) && params.get('exact') === '1' };
}

/** What the listing endpoints take: each group's values comma-joined; defaults left out. */
export function toApiQuery(state: ListingState): ListingQuery {
  const query: ListingQuery = {};
  if (state.search) query.search = state.search;
  if (state.exact) query.exact = '1';
  for (const group of LISTING_GROUPS) {
    const values = state.filters[group];
    if (values?.length) query[group] = values.join(',');
  }
  if (state.sort !== DEFAULT_SORT.value) query.sort = state.sort;
  if (state.page > 1) query.page = state.page;
  return query;
}

/** A stable key for one listing request (cache and reload key). */
export function listingKey(scope: string, state: ListingState): string {
  return `${scope}?${new URLSearchParams(Object.entries(toApiQuery(state)).map(([k, v]) => [k, String(v)])).toString()}`;
}

function copy(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page'); // any change of what is listed starts again at page 1
  return next;
}

/** Tick or untick one filter option. */
export function toggleFilter(params: URLSearchParams, group: ListingGroup, value: string): URLSearchParams {
  const current = selectedValues(params, group);
  const next = copy(params);
  next.delete(group);
  const values = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  for (const v of values) next.append(group, v);
  return next;
}

/** The same search with its words as typed, none corrected: "search instead for …". */
export function searchAsTyped(params: URLSearchParams): URLSearchParams {
  const next = copy(params);
  next.set('exact', '1');
  return next;
}

/** Untick every option of the six filter groups; the search text and shopBy (what the page is) stay. */
export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = copy(params);
  for (const group of FILTER_GROUPS) next.delete(group);
  return next;
}

export function withSort(params: URLSearchParams, sort: string): URLSearchParams {
  const next = copy(params);
  if (SORT_VALUES.has(sort)) next.set('sort', sort);
  else next.delete('sort');
  return next;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

export function countSelected(state: ListingState): number {
  return FILTER_GROUPS.reduce((n, group) => n + (state.filters[group]?.length ?? 0), 0);
}

/** Page numbers to offer: first, last and the neighbours of the current page, gaps between. */
export function pageWindow(page: number, pageCount: number, spread = 1): (number | 'gap')[] {
  if (pageCount <= 1) return pageCount === 1 ? [1] : [];
  const shown = new Set([1, pageCount]);
  for (let p = page - spread; p <= page + spread; p++) if (p >= 1 && p <= pageCount) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  pages.forEach((p, i) => {
    const before = pages[i - 1];
    if (before !== undefined && p - before === 2) out.push(before + 1);
    else if (before !== undefined && p - before > 2) out.push('gap');
    out.push(p);
  });
  return out;
}

/** 'Showing 25–48 of 120 products'. */
export function rangeText(page: number, pageSize: number, total: number, shown: number): string {
  if (total === 0) return 'No products';
  if (total === 1) return '1 product';
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  return first === 1 && last === total ? `${total} products` : `Showing ${first}–${last} of ${total} products`;
}
