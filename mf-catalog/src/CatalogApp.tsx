import { DEFAULT_CATEGORY_SLUG } from '@adire/contracts';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { BrowserRouter, matchPath, MemoryRouter, Navigate, Route, Routes, useLocation } from '@adire/router';
import { Home } from './home/Home';
import { lazyPage, type LazyPage } from './lazyPage';
import { NotFound } from './ui/NotFound';
import { Loading, TextSkeleton } from './ui/Skeleton';
import { UntilHydrated } from './ui/UntilHydrated';
import styles from './catalog.module.css';

// The home page comes with the entry; every other page is fetched when first visited.
const CategoryPage = lazyPage(() => import('./pages/CategoryPage').then((m) => m.CategoryPage));
const FiltersPage = lazyPage(() => import('./pages/FiltersPage').then((m) => m.FiltersPage));
const VipPage = lazyPage(() => import('./pages/VipPage').then((m) => m.VipPage));
const ProductPage = lazyPage(() => import('./product/ProductPage').then((m) => m.ProductPage));
const BlogPage = lazyPage(() => import('./content/BlogPage').then((m) => m.BlogPage));
const BlogPostPage = lazyPage(() => import('./content/BlogPostPage').then((m) => m.BlogPostPage));
const FaqPage = lazyPage(() => import('./content/FaqPage').then((m) => m.FaqPage));

export const FAQ_PATH = '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja';

/** A new page starts at the top (a #fragment or the browser's back button keep their own place). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

function PageFallback() {
  return (
    <div className={styles.fallback}>
      <Loading what="the page" />
      <TextSkeleton lines={6} />
    </div>
  );
}

/** A page whose controls all wait for hydration (UntilHydrated); Home and the listings keep their heading outside it themselves. */
const waiting = (page: ReactNode) => <UntilHydrated>{page}</UntilHydrated>;

/** The catalogue's routes: the one list <CatalogRoutes> draws and `pageReady` reads. */
const ROUTES: { path: string; element: ReactNode; page?: LazyPage }[] = [
  { path: '/', element: <Home /> },
  { path: '/product-category', element: <Navigate to={`/product-category/${DEFAULT_CATEGORY_SLUG}`} replace /> },
  { path: '/product-category/:slug', element: <CategoryPage />, page: CategoryPage },
  { path: '/product/:slug', element: waiting(<ProductPage />), page: ProductPage },
  { path: '/filters', element: <FiltersPage />, page: FiltersPage },
  { path: '/vip', element: <VipPage />, page: VipPage },
  { path: '/blog', element: waiting(<BlogPage />), page: BlogPage },
  { path: '/blog/:slug', element: waiting(<BlogPostPage />), page: BlogPostPage },
  { path: FAQ_PATH, element: waiting(<FaqPage />), page: FaqPage },
  { path: '*', element: waiting(<NotFound title="Page not found" message="We could not find that page. It may have moved, or the link may be mistyped." />) },
];

/**
 * Fetches the code of the page at `pathname` (if it is one fetched when visited); settles once it is
 * here. No two of these pages' patterns match one path, and only '/', '/product-category' and '*' are
 * beside them, so the one that matches is the one <Routes> draws. (`matchPath`, not the router's
 * `bestMatch`: the router is the shell's, and a remote uses only what every live shell offers.)
 */
export function pageReady(pathname: string): Promise<void> {
  return ROUTES.find(({ path, page }) => page && matchPath(path, pathname))?.page?.load() ?? Promise.resolve();
}

export function CatalogRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      {/* Inside the boundary: a page hydrates with its lazily loaded module, and only then enables its controls. */}
      <Routes>
        {ROUTES.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </Suspense>
  );
}

/** The catalogue's region. `location` (path and query) is given when the server draws it. */
export function CatalogApp({ location }: { location?: string } = {}) {
  const Router = location === undefined ? BrowserRouter : MemoryRouter;
  return (
    <div data-boundary="catalog" className={styles.root}>
      <Router {...(location === undefined ? {} : { initialEntries: [location] })}>
        <ScrollToTop />
        <CatalogRoutes />
      </Router>
    </div>
  );
}
