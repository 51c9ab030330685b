import { DEFAULT_CATEGORY_SLUG } from '@adire/contracts';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Navigate, Route, Routes, useLocation } from '@adire/router';
import { Home } from './home/Home';
import { NotFound } from './ui/NotFound';
import { Loading, TextSkeleton } from './ui/Skeleton';
import { UntilHydrated } from './ui/UntilHydrated';
import styles from './catalog.module.css';

// The home page comes with the entry; every other page is fetched when first visited.
const CategoryPage = lazy(() => import('./pages/CategoryPage').then((m) => ({ default: m.CategoryPage })));
const FiltersPage = lazy(() => import('./pages/FiltersPage').then((m) => ({ default: m.FiltersPage })));
const VipPage = lazy(() => import('./pages/VipPage').then((m) => ({ default: m.VipPage })));
const ProductPage = lazy(() => import('./product/ProductPage').then((m) => ({ default: m.ProductPage })));
const BlogPage = lazy(() => import('./content/BlogPage').then((m) => ({ default: m.BlogPage })));
const BlogPostPage = lazy(() => import('./content/BlogPostPage').then((m) => ({ default: m.BlogPostPage })));
const FaqPage = lazy(() => import('./content/FaqPage').then((m) => ({ default: m.FaqPage })));

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

export function CatalogRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      {/* Inside the boundary: a page hydrates with its lazily loaded module, and only then enables its controls. */}
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/product-category" element={<Navigate to={`/product-category/${DEFAULT_CATEGORY_SLUG}`} replace />} />
        <Route path="/product-category/:slug" element={<CategoryPage />} />
        <Route path="/product/:slug" element={waiting(<ProductPage />)} />
        <Route path="/filters" element={<FiltersPage />} />
        <Route path="/vip" element={<VipPage />} />
        <Route path="/blog" element={waiting(<BlogPage />)} />
        <Route path="/blog/:slug" element={waiting(<BlogPostPage />)} />
        <Route path={FAQ_PATH} element={waiting(<FaqPage />)} />
        <Route path="*" element={waiting(<NotFound title="Page not found" message="We could not find that page. It may have moved, or the link may be mistyped." />)} />
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
