import { DEFAULT_SORT, SORT_OPTIONS, type FilterGroup } from '@adire/contracts';
import { useLocation } from '@adire/router';
import { toggleFilter, withSort, type ListingState } from './listingQuery';
import styles from './listing.module.css';

const CHOICES = [DEFAULT_SORT, ...SORT_OPTIONS];

function useHref(): (params: URLSearchParams) => string {
  const { pathname } = useLocation();
  return (params) => {
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ''}`;
  };
}

/**
 * The sort choices as links, for a page read without scripts (the select needs them). Inside
 * <noscript>: a browser running scripts shows none of it, and React neither draws nor hydrates it.
 */
export function SortLinks({ value }: { value: string }) {
  const { search } = useLocation();
  const href = useHref();
  const params = new URLSearchParams(search);
  return (
    <noscript>
      <nav aria-label="Sort by" className={styles.noScriptLinks}>
        <span>Sort by:</span>
        {CHOICES.map((c) => (
          <a key={c.value} href={href(withSort(params, c.value))} aria-current={c.value === value ? 'true' : undefined}>
            {c.label}
          </a>
        ))}
      </nav>
    </noscript>
  );
}

/** Each filter option as a link that ticks or unticks it, for a page read without scripts (the boxes need them). */
export function FilterLinks({ groups, state }: { groups: FilterGroup[]; state: ListingState }) {
  const { search } = useLocation();
  const href = useHref();
  const params = new URLSearchParams(search);
  return (
    <noscript>
      <nav aria-label="Filter by" className={styles.noScriptFilters}>
        {groups.map((g) => (
          <div key={g.group}>
            <strong>{g.label}</strong>
            <ul>
              {g.options
                .filter((o) => o.count > 0 || state.filters[g.group]?.includes(o.value))
                .map((o) => {
                  const ticked = state.filters[g.group]?.includes(o.value) ?? false;
                  return (
                    <li key={o.value}>
                      <a href={href(toggleFilter(params, g.group, o.value))} aria-current={ticked ? 'true' : undefined}>
                        {ticked ? `✓ ${o.label}` : o.label} ({o.count})
                      </a>
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </nav>
    </noscript>
  );
}
