import { SEARCH_MAX_LENGTH, SHOP_BY_TAGS } from '@adire/contracts';
import { useSearchParams } from '@adire/router';
import { catalogApi } from '../api';
import { Listing } from '../listing/Listing';
import { selectedValues } from '../listing/listingQuery';

/** The heading of /filters: the search text, or the shopBy tags by their labels. */
export function filtersHeading(params: URLSearchParams): string {
  const search = Array.from((params.get('search') ?? '').replace(/\s+/g, ' ').trim()).slice(0, SEARCH_MAX_LENGTH).join('');
  if (search) return `Search results for “${search}”`;
  const labels = selectedValues(params, 'shopBy').map(
    (tag) => SHOP_BY_TAGS.find((t) => t.value === tag || t.label.toLowerCase() === tag.toLowerCase())?.label ?? tag,
  );
  return labels.length ? labels.join(' · ') : 'All flowers and gifts';
}

/** /filters?search= and /filters?shopBy=: the same listing, across the whole catalogue. */
export function FiltersPage() {
  const [params] = useSearchParams();
  const heading = filtersHeading(params);
  const searching = Boolean(params.get('search')?.trim());
  return (
    <Listing
      scope="filters"
      load={(query) => catalogApi.filtersListing(query)}
      heading={() => heading}
      description={() =>
        searching ? '' : `${heading}: hand-picked flowers and gifts from Adire Blooms, with same-day delivery in Lagos and Abuja.`
      }
      notFoundTitle="Nothing found"
      emptyText={searching ? 'We found nothing for that search. Try another word, such as roses, lilies or cake.' : 'Nothing here right now.'}
    />
  );
}
