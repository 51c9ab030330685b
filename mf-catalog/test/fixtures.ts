import type { CatalogListing, ProductDetail, ProductSummary } from '@adire/contracts';

export function summary(over: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 'p1',
    slug: 'white-grace-lilies',
    SKU: 'AB-1003',
    name: 'White Grace Lilies',
    description: 'Fragrant white lilies',
    price: 38000,
    image: { src: '/media/products/white-grace-lilies.svg', alt: 'White Grace Lilies' },
    category: 'lilies',
    inStock: true,
    vipClass: null,
    priceFrom: 38000,
    hasOptions: false,
    rating: { average: 4.5, count: 2 },
    ...over,
  };
}

export function detail(over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...summary({ id: 'p9', slug: 'ruby-romance-red-roses', SKU: 'AB-1001-S', name: 'Ruby Romance Red Roses', description: 'Twelve red roses', price: 45000, priceFrom: 45000, hasOptions: true, image: { src: '/media/products/ruby.svg', alt: 'Ruby Romance Red Roses' } }),
    images: [{ src: '/media/products/ruby.svg', alt: 'Ruby Romance Red Roses', width: 800, height: 800 }],
    sizes: [
      { SKU: 'AB-1001-S', label: 'Standard (12 stems)', price: 45000, isDefault: true },
      { SKU: 'AB-1001-L', label: 'Deluxe (24 stems)', price: 80000, isDefault: false },
    ],
    designs: [
      { code: 'wrapped-bouquet', title: 'Wrapped bouquet', name: 'Wrapped bouquet', price: 0 },
      { code: 'in-vase', title: 'In vase', name: 'In vase', price: 15000 },
    ],
    tags: {},
    categories: [{ slug: 'roses', name: 'Roses' }],
    relevanceOrder: 0,
    deliveryNote: 'Same-day delivery in Lagos and Abuja.',
    reviews: { average: 4.5, count: 2, distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 }, latest: [] },
    recommendations: [],
    ...over,
  };
}

export function listing(over: Partial<CatalogListing> = {}): CatalogListing {
  return {
    category: { slug: 'lilies', name: 'Lilies', description: 'Lilies for every day.' },
    products: [summary()],
    total: 1,
    page: 1,
    pageSize: 24,
    pageCount: 1,
    filters: [
      {
        group: 'flowerName',
        label: 'Flower name',
        options: [
          { value: 'lilies', label: 'Lilies', count: 1, selected: false },
          { value: 'roses', label: 'Roses', count: 0, selected: false },
        ],
      },
    ],
    sort: { value: 'default', options: [] },
    search: '',
    shopBy: [],
    ...over,
  };
}
