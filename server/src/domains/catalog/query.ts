// Pure request logic of the listings: filter parsing with fallback, sort resolution, pagination math.
import { DEFAULT_SORT, FILTER_GROUPS, LISTING_PAGE_SIZE, SEARCH_MAX_LENGTH, SORT_OPTIONS, type FilterGroupName, type ListingSort, type ShopByTag } from '@adire/contracts';
import { tagGroup, type TagGroup } from './vocabulary';

/** 'Same day delivery', 'same_day_delivery', ' SAME-DAY-delivery ' → 'same-day-delivery'. */
export function normaliseTagValue(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A query value as Fastify hands it over: absent, one string, or repeated. Commas also separate values. */
export type RawParam = string | string[] | undefined;

function rawValues(raw: RawParam): string[] {
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
}

/** The known values of one tag group named in `raw`; unknown values are dropped (they fall back to "no filter"). */
export function parseTagValues(group: TagGroup, raw: RawParam): string[] {
  const known = new Set(tagGroup(group).options.map((o) => o.value));
  const out: string[] = [];
  for (const v of rawValues(raw)) {
    const value = normaliseTagValue(v);
    if (known.has(value) && !out.includes(value)) out.push(value);
  }
  return out;
}

export type SelectedFilters = Partial<Record<FilterGroupName, string[]>>;

/** Every filter group of the query, known values only; groups left with nothing are absent. */
export function parseFilters(query: Partial<Record<FilterGroupName, RawParam>>): SelectedFilters {
  const selected: SelectedFilters = {};
  for (const group of FILTER_GROUPS) {
    const values = parseTagValues(group, query[group]);
    if (values.length) selected[group] = values;
  }
  return selected;
}

export function parseShopBy(raw: RawParam): ShopByTag[] {
  return parseTagValues('shopBy', raw) as ShopByTag[];
}

const SORT_VALUES = new Set<string>(SORT_OPTIONS.map((o) => o.value));

/** One of SPEC's four sort values, or the default for anything else (absent, unknown, wrong case is tolerated). */
export function resolveSort(raw: unknown): ListingSort {
  if (typeof raw !== 'string') return DEFAULT_SORT.value;
  const value = raw.trim().toLowerCase();
  return SORT_VALUES.has(value) ? (value as ListingSort) : DEFAULT_SORT.value;
}

export interface Pagination {
  page: number;
  pageSize: number;
  offset: number;
}

/** Page from 1; pageSize defaults to 24 and is capped at 60. Out-of-range numbers are clamped, never an error. */
export function paginate(page: unknown, pageSize: unknown, limits: { default: number; max: number } = LISTING_PAGE_SIZE): Pagination {
  const p = Number.isFinite(Number(page)) && Number(page) >= 1 ? Math.floor(Number(page)) : 1;
  const rawSize = Number.isFinite(Number(pageSize)) && Number(pageSize) >= 1 ? Math.floor(Number(pageSize)) : limits.default;
  const size = Math.min(rawSize, limits.max);
  return { page: p, pageSize: size, offset: (p - 1) * size };
}

export function pageCount(total: number, pageSize: number): number {
  return total === 0 ? 0 : Math.ceil(total / pageSize);
}

/** Trim, collapse spaces and keep the first SEARCH_MAX_LENGTH characters (code points, so an emoji is never cut in half). */
export function cleanSearchText(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const text = raw.replace(/\s+/g, ' ').trim();
  return Array.from(text).slice(0, SEARCH_MAX_LENGTH).join('').trim();
}
