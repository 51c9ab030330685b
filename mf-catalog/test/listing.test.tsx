import type { ApiResult, CatalogListing } from '@adire/contracts';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@adire/router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListingQuery } from '../src/api';
import { Listing } from '../src/listing/Listing';
import { clearApiCache } from '../src/useApi';
import { listing } from './fixtures';

function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

/** Stands for a slow page: while the URL has a ticked flower name, the router's transition cannot finish. */
let hold: Promise<void> | null = null;
function SlowWhenFiltered() {
  const location = useLocation();
  if (hold && location.search.includes('flowerName')) throw hold;
  return null;
}

function setup(answer: (query: ListingQuery) => ApiResult<CatalogListing>, url = '/product-category/lilies') {
  const queries: ListingQuery[] = [];
  render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={null}>
        <SlowWhenFiltered />
      </Suspense>
      <Listing
        scope="category:lilies"
        load={(query) => async () => {
          queries.push(query);
          return answer(query);
        }}
        heading={(l) => l?.category?.name ?? ''}
        notFoundTitle="Category not found"
        emptyText="Empty"
      />
      <CurrentUrl />
    </MemoryRouter>,
  );
  return queries;
}

const ok = (data: CatalogListing): ApiResult<CatalogListing> => ({ error: false, message: '', data, status: 200 });

beforeEach(clearApiCache);
afterEach(cleanup);

describe('Listing', () => {
  it('shows the category, its filters and products, and sets the page title', async () => {
    setup(() => ok(listing()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lilies' })).toBeTruthy();
    expect(screen.getByText('Lilies for every day.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Flower name' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Roses/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add White Grace Lilies to cart' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Lilies | Adire Blooms'));
  });

  it('puts a ticked filter and the sort in the URL and asks the API again', async () => {
    const queries = setup(() => ok(listing()));
    await screen.findByRole('heading', { level: 1, name: 'Lilies' });
    fireEvent.click(screen.getByRole('checkbox', { name: /Lilies/ }));
    expect(screen.getByTestId('url').textContent).toBe('/product-category/lilies?flowerName=lilies');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-desc' } });
    expect(screen.getByTestId('url').textContent).toBe('/product-category/lilies?flowerName=lilies&sort=price-desc');
    await act(async () => {});
    expect(queries).toEqual([{}, { flowerName: 'lilies' }, { flowerName: 'lilies', sort: 'price-desc' }]);
  });

  it('shows a tick and a sort choice at once, while the router is still applying the new URL', async () => {
    let release = () => {};
    hold = new Promise<void>((resolve) => (release = resolve));
    try {
      setup(() => ok(listing()));
      await screen.findByRole('heading', { level: 1, name: 'Lilies' });
      const lilies = () => screen.getByRole('checkbox', { name: /Lilies/ }) as HTMLInputElement;
      await act(async () => {
        fireEvent.click(lilies());
      });
      expect(screen.getByTestId('url').textContent).toBe('/product-category/lilies'); // not applied yet
      expect(lilies().checked).toBe(true);
      hold = null;
      await act(async () => release());
      expect(screen.getByTestId('url').textContent).toBe('/product-category/lilies?flowerName=lilies');
      expect(lilies().checked).toBe(true);

      hold = new Promise<void>((resolve) => (release = resolve));
      const sort = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
      await act(async () => {
        fireEvent.change(sort, { target: { value: 'price-desc' } });
      });
      expect(screen.getByTestId('url').textContent).toBe('/product-category/lilies?flowerName=lilies');
      expect(sort.value).toBe('price-desc');
      hold = null;
      await act(async () => release());
      expect(screen.getByTestId('url').textContent).toBe('/product-category/lilies?flowerName=lilies&sort=price-desc');
    } finally {
      hold = null;
      release();
    }
  });

  it('offers to clear filters when nothing matches', async () => {
    setup(() => ok(listing({ products: [], total: 0, pageCount: 0 })), '/product-category/lilies?budget=above-200000');
    expect(await screen.findByText('No products match your choice. Try fewer filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear all filters' })[0]!);
    expect(screen.getByTestId('url').textContent).toBe('/product-category/lilies');
  });

  it('says "not found" for an unknown category', async () => {
    setup(() => ({ error: true, message: "We have no category called 'x'.", data: null, status: 404 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeTruthy();
    expect(screen.getByText("We have no category called 'x'.")).toBeTruthy();
  });
});

describe('a search that forgives (issue 43)', () => {
  it('says what was searched instead, with a link to the words as typed', async () => {
    const queries = setup(() => ok(listing({ search: 'rosses', correctedSearch: 'roses' })), '/filters?search=rosses&flowerName=roses&page=2');
    const link = await screen.findByRole('link', { name: 'search instead for rosses' });
    expect(link.closest('p')!.textContent).toBe('Showing results for roses — search instead for rosses');
    expect(link.getAttribute('href')).toBe('/filters?search=rosses&flowerName=roses&exact=1');
    expect(queries[0]).toMatchObject({ search: 'rosses', page: 2 });
    expect(queries[0]!.exact).toBeUndefined();
  });

  it('asks for the words as typed with exact=1', async () => {
    const queries = setup(() => ok(listing({ search: 'rosses' })), '/filters?search=rosses&exact=1');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(queries[0]).toMatchObject({ search: 'rosses', exact: '1' }));
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });

  it('answers a search that found nothing with a sentence and the popular products', async () => {
    const [popular] = listing().products;
    setup(() => ok(listing({ search: 'qqxzv', products: [], total: 0, pageCount: 0, filters: [], popular: [popular!] })), '/filters?search=qqxzv');
    expect(await screen.findByText(/We found nothing for “qqxzv”/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Popular right now' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Popular products' })).toBeTruthy();
    expect(screen.queryByText('Empty')).toBeNull();
  });
});
