import type { Category } from '@adire/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import { productSvg } from './image';

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

/** Catalog domain: categories (the menu is built from them) and products. */
export const catalogRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/v1/catalog/categories',
    { schema: { querystring: { type: 'object', properties: { business: { type: 'string', maxLength: 100 } } } } },
    async () => {
      const rows = await db.kysely
        .selectFrom('category')
        .leftJoin('product', 'product.category_slug', 'category.slug')
        .select(['category.slug', 'category.name', 'category.menu_group', sql<number>`count(product.id)`.as('product_count')])
        .groupBy(['category.slug', 'category.name', 'category.menu_group', 'category.position'])
        .orderBy('category.position')
        .execute();
      const data: Category[] = rows.map((r) => ({
        slug: r.slug,
        name: r.name,
        group: r.menu_group,
        productCount: Number(r.product_count),
      }));
      return { data };
    },
  );

  app.get(
    '/v1/catalog/products',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            business: { type: 'string', maxLength: 100 },
            category: { type: 'string', maxLength: 120, pattern: '^[a-z0-9-]+$' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 24 },
          },
        },
      },
    },
    async (request) => {
      const { category, limit } = request.query as { category?: string; limit: number };
      let query = db.kysely.selectFrom('product').selectAll().orderBy('relevance_order').orderBy('name').limit(limit);
      if (category && category !== 'all') query = query.where('category_slug', '=', category);
      const rows = await query.execute();
      const data: ProductSummary[] = rows.map((p) => ({
        id: p.id,
        slug: p.slug,
        SKU: p.sku,
        name: p.name,
        description: p.description,
        price: Number(p.price_ngn),
        image: { src: p.image, alt: p.name },
        category: p.category_slug,
      }));
      return { data };
    },
  );

  app.get('/media/products/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const slug = file.replace(/\.svg$/, '');
    const product = await db.kysely.selectFrom('product').select(['slug', 'name']).where('slug', '=', slug).executeTakeFirst();
    if (!product || !file.endsWith('.svg')) throw notFound('No such product image');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(productSvg(product.slug, product.name));
  });
};
