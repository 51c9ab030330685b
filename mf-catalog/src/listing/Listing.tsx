import { DEFAULT_CATEGORY_SLUG, type CatalogListing } from '@adire/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from '@adire/router';
import type { ListingQuery, Load } from '../api';
import { usePageMeta } from '../pageMeta';
import { shownData, useApi } from '../useApi';
import { LoadError, NotFound } from '../ui/NotFound';
import { GridSkeleton, ProductGrid } from '../ui/ProductGrid';
import { Bone, Loading, TextSkeleton } from '../ui/Skeleton';
import { UntilHydrated } from '../ui/UntilHydrated';
import ui from '../ui/ui.module.css';
import { FilterPanel } from './FilterPanel';
import { clearFilters, countSelected, listingKey, rangeText, readListingState, searchAsTyped, toApiQuery, toggleFilter, withSort } from './listingQuery';
import { NoResults } from './NoResults';
import { Pagination } from './Pagination';
import { SortSelect } from './SortSelect';
import { FilterLinks, SortLinks } from './WithoutScripts';
import styles from './listing.module.css';

export interface ListingProps {
  /** Names the request in the cache, e.g. 'category:roses'. */
  scope: string;
  load: (query: ListingQuery) => Load<CatalogListing>;
  /** The h1, known from the URL or the menu before the listing arrives ('' reserves its line). */
  heading: (listing: CatalogListing | null) => string;
  /** Text under the h1 (default: the category's description; '' for none; null while not known yet). */
  description?: (listing: CatalogListing | null) => string | null;
  notFoundTitle: string;
  /** What an empty listing says when no filter is ticked. */
  emptyText: string;
  intro?: ReactNode;
}

/** The category, search, shopBy and VIP pages: filters, sort, grid and pages, all in the URL. */
export function Listing({ scope, load, heading, description, notFoundTitle, emptyText, intro }: ListingProps) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const state = readListingState(params);
  const result = useApi(listingKey(scope, state), load(toApiQuery(state)));
  const listing = shownData(result);
  const title = heading(listing);
  // null: not known until the listing arrives (a placeholder keeps its place).
  const about = description ? description(listing) : (listing?.category?.description ?? (listing ? '' : null));
  usePageMeta(title || null, about || `${title} — fresh flowers and gifts from Adire Blooms, with same-day delivery in Lagos and Abuja.`);

  // A new page of results starts at the top of the list, not where the pagination links were.
  const top = useRef<HTMLDivElement>(null);
  const lastPage = useRef(state.page);
  useEffect(() => {
    if (lastPage.current !== state.page) top.current?.scrollIntoView({ block: 'start' });
    lastPage.current = state.page;
  }, [state.page]);

  if (result.status === 'error' && result.httpStatus === 404) return <NotFound title={notFoundTitle} message={result.message} />;

  const selected = countSelected(state);
  const busy = result.status === 'loading';
  return (
    <div className={styles.listing} ref={top}>
      <header className={styles.head}>
        <h1 className={ui.title}>{title || ' '}</h1>
        {about === null ? (
          <div className={styles.description}>
            <TextSkeleton lines={2} />
          </div>
        ) : (
          about && <p className={styles.description}>{about}</p>
        )}
        {intro}
      </header>
      {/* The heading and description outside: see Home. */}
      <UntilHydrated>
        <div className={styles.body}>
          {listing ? (
            <FilterPanel
              groups={listing.filters}
              state={state}
              selectedCount={selected}
              onToggle={(group, value) => setParams(toggleFilter(params, group, value))}
              onClear={() => setParams(clearFilters(params))}
            />
          ) : (
            // Shaped like what comes: the Filters button on a phone, the checkbox column on a wide screen.
            <div className={styles.filters} aria-hidden="true">
              <Bone height="42px" className={styles.filtersToggleBone} />
              <div className={styles.filtersBones}>
                <TextSkeleton lines={8} />
              </div>
            </div>
          )}
          <section className={styles.results} aria-label="Results">
            <div className={styles.toolbar}>
              <p aria-live="polite" className={styles.range}>
                {listing ? rangeText(listing.page, listing.pageSize, listing.total, listing.products.length) : ' '}
              </p>
              <SortSelect value={state.sort} onChange={(sort) => setParams(withSort(params, sort))} />
              <SortLinks value={state.sort} />
            </div>
            {listing?.correctedSearch && (
              // Typos forgiven (issue 43): what was searched instead, and a link to the words as typed.
              <p className={styles.corrected}>
                Showing results for <em>{listing.correctedSearch}</em> —{' '}
                <Link to={`${pathname}?${searchAsTyped(params).toString()}`}>
                  search instead for <em>{listing.search}</em>
                </Link>
              </p>
            )}
            {listing && <FilterLinks groups={listing.filters} state={state} />}
            {result.status === 'error' && <LoadError message={result.message} retry={result.retry} />}
            {!listing && result.status === 'loading' && (
              <>
                <Loading what="products" />
                <GridSkeleton count={12} />
              </>
            )}
            {listing && listing.products.length > 0 && <ProductGrid products={listing.products} headingLevel={2} eagerFirst busy={busy} />}
            {listing && listing.products.length === 0 && listing.search && selected === 0 && listing.page === 1 && (
              <NoResults search={listing.search} popular={listing.popular ?? []} />
            )}
            {listing && listing.products.length === 0 && !(listing.search && selected === 0 && listing.page === 1) && (
              <div className={styles.empty}>
                <p>{selected > 0 ? 'No products match your choice. Try fewer filters.' : emptyText}</p>
                {selected > 0 ? (
                  <button type="button" className={ui.add} onClick={() => setParams(clearFilters(params))}>
                    Clear all filters
                  </button>
                ) : (
                  <Link to={`/product-category/${DEFAULT_CATEGORY_SLUG}`} className={ui.add}>
                    See our bestsellers
                  </Link>
                )}
              </div>
            )}
            {listing && <Pagination page={listing.page} pageCount={listing.pageCount} />}
          </section>
        </div>
      </UntilHydrated>
    </div>
  );
}
