/** The JSON schemas of the catalog's shopper routes (every query bounded: a long or odd one is a 400, not work). */
import { FILTER_GROUPS, type FilterGroupName } from '@adire/contracts';
import type { RawParam } from './query';

export const str = (maxLength: number) => ({ type: 'string', maxLength }) as const;
export const multi = { type: 'array', items: str(100), maxItems: 20 } as const;
export const business = str(100);

export const listingQuery = {
  type: 'object',
  properties: {
    business,
    sort: str(40),
    page: { type: 'integer', minimum: 1, maximum: 100_000 },
    // Capped at LISTING_PAGE_SIZE.max in code: a bigger number gives the biggest page, not an error.
    pageSize: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    search: str(2000),
    // exact=1: the search's words as typed, none corrected (the "search instead for …" link).
    exact: str(10),
    shopBy: multi,
    ...Object.fromEntries(FILTER_GROUPS.map((g) => [g, multi])),
  },
} as const;

export const slugParams = { type: 'object', required: ['slug'], properties: { slug: str(200) } } as const;
export const fileParams = { type: 'object', required: ['file'], properties: { file: str(220) } } as const;

export type ListingQuery = { sort?: string; page?: number; pageSize?: number; search?: string; exact?: string; shopBy?: RawParam } & Partial<Record<FilterGroupName, RawParam>>;
