import { api } from '@adire/api-client';
import type { CartItem, Category } from '@adire/contracts';

export interface ProductSummary {
  id: string;
  slug: string;
  SKU: string;
  name: string;
  description: string;
  price: number;
  image: { src: string; alt: string };
  category: string;
}

export const fetchCategories = () => api.get<Category[]>('/v1/catalog/categories');
export const fetchProducts = (category?: string) =>
  api.get<ProductSummary[]>('/v1/catalog/products', { query: { category, limit: 24 } });

/** What the catalog puts on the bus when a shopper adds a product; the server re-prices it. */
export function toCartItem(p: ProductSummary): CartItem {
  return {
    SKU: p.SKU,
    name: p.name,
    description: p.description,
    image: { src: p.image.src, alt: p.image.alt },
    price: p.price,
    quantity: 1,
    productId: p.id,
  };
}
