import { remoteFederation } from '@adire/federation-config';

/**
 * The catalog remote exposes one module: its single-spa lifecycles. The page modules CatalogApp.tsx
 * loads lazily, by the path they show, are named here too, so the server can announce a page's
 * module with the page (keep this list in step with the routes there).
 */
export default remoteFederation(
  'catalog',
  { './lifecycles': './src/lifecycles.tsx' },
  {
    '/product-category/': './src/pages/CategoryPage.tsx',
    '/product/': './src/product/ProductPage.tsx',
    '/filters': './src/pages/FiltersPage.tsx',
    '/vip': './src/pages/VipPage.tsx',
    '/blog/': './src/content/BlogPostPage.tsx',
    '/blog': './src/content/BlogPage.tsx',
    '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja': './src/content/FaqPage.tsx',
  },
);
